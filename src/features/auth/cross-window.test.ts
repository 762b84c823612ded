import { describe, expect, it } from 'vitest';
import { oauthPopupResult, providerErrorKey, sessionSiteToken } from './cross-window';

const SITE = 'https://session.example';

describe('sessionSiteToken', () => {
  it('accepts a token posted by the configured session site', () => {
    expect(
      sessionSiteToken({ origin: SITE, data: { token: 't1', refreshToken: 'r1' } }, SITE),
    ).toEqual({ token: 't1', refreshToken: 'r1' });
  });

  it('ignores the same message from any other origin', () => {
    for (const origin of [
      'https://evil.example',
      'http://session.example',
      `${SITE}:8443`,
      'null',
    ]) {
      expect(sessionSiteToken({ origin, data: { token: 't1' } }, SITE)).toBeNull();
    }
  });

  it('accepts nothing when no session site is configured', () => {
    expect(sessionSiteToken({ origin: SITE, data: { token: 't1' } }, null)).toBeNull();
  });

  it('ignores messages that are not a token', () => {
    expect(sessionSiteToken({ origin: SITE, data: 'token' }, SITE)).toBeNull();
    expect(sessionSiteToken({ origin: SITE, data: { token: '' } }, SITE)).toBeNull();
    expect(sessionSiteToken({ origin: SITE, data: { token: 1 } }, SITE)).toBeNull();
  });
});

describe('oauthPopupResult', () => {
  const own = 'https://app.example';
  const popup = {};
  const data = {
    type: 'tomoni.oauth',
    provider: 'google',
    result: 'signedIn',
    token: 't',
    refreshToken: 'r',
  };

  it('accepts the popup we opened, from our own origin', () => {
    expect(oauthPopupResult({ origin: own, data, source: popup }, own, popup)?.result).toBe(
      'signedIn',
    );
  });

  it('ignores another window, another origin, or no popup at all', () => {
    expect(oauthPopupResult({ origin: own, data, source: {} }, own, popup)).toBeNull();
    expect(oauthPopupResult({ origin: SITE, data, source: popup }, own, popup)).toBeNull();
    expect(oauthPopupResult({ origin: own, data, source: null }, own, null)).toBeNull();
  });

  it('ignores a malformed result', () => {
    expect(
      oauthPopupResult({ origin: own, data: { ...data, token: '' }, source: popup }, own, popup),
    ).toBeNull();
  });
});

describe('providerErrorKey', () => {
  it('names the provider when the account is not linked', () => {
    expect(providerErrorKey('google', 'unlinked')).toBe('googleUnlinked');
    expect(providerErrorKey('microsoft', 'unlinked')).toBe('microsoftUnlinked');
  });

  it('shows nothing when the user closed the provider page, and unknown otherwise', () => {
    expect(providerErrorKey('google', 'cancelled')).toBeNull();
    expect(providerErrorKey('google', 'failed')).toBe('unknown');
    expect(providerErrorKey('microsoft', 'alreadyLinked')).toBe('alreadyLinked');
    expect(providerErrorKey('google', 'suspendedTeacher')).toBe('suspendedTeacher');
  });
});
