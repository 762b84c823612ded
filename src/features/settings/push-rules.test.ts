import { describe, expect, it } from 'vitest';
import { keyBytes, pushState, readOwner, type BrowserPushFacts } from './push-rules';

const facts = (over: Partial<BrowserPushFacts> = {}): BrowserPushFacts => ({
  supported: true,
  permission: 'granted',
  endpoint: 'https://push.example/1',
  owner: { endpoint: 'https://push.example/1', userId: 'u1' },
  ...over,
});

describe('pushState', () => {
  it('is on only for the user who registered this browser’s subscription', () => {
    expect(pushState(facts(), 'u1')).toBe('on');
    // Another pupil on the same computer sees it off.
    expect(pushState(facts(), 'u2')).toBe('off');
    // A subscription made since (another endpoint) is not the registered one.
    expect(pushState(facts({ endpoint: 'https://push.example/2' }), 'u1')).toBe('off');
    expect(pushState(facts({ endpoint: null }), 'u1')).toBe('off');
    expect(pushState(facts({ owner: null }), 'u1')).toBe('off');
  });
  it('is off until the permission is granted, blocked when refused, unsupported without the APIs', () => {
    expect(pushState(facts({ permission: 'default' }), 'u1')).toBe('off');
    expect(pushState(facts({ permission: 'denied' }), 'u1')).toBe('blocked');
    expect(pushState(facts({ supported: false, permission: 'denied' }), 'u1')).toBe('unsupported');
  });
});

describe('keyBytes', () => {
  it('decodes a base64url key without padding', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0x00, 0x3e, 0x3f]);
    const encoded = Buffer.from(bytes).toString('base64url');
    expect(encoded).toMatch(/[-_]/);
    expect([...keyBytes(encoded)]).toEqual([...bytes]);
  });
});

describe('readOwner', () => {
  it('reads the stored record and ignores anything else', () => {
    expect(readOwner(JSON.stringify({ endpoint: 'e', userId: 'u' }))).toEqual({
      endpoint: 'e',
      userId: 'u',
    });
    expect(readOwner(null)).toBeNull();
    expect(readOwner('not json')).toBeNull();
    expect(readOwner(JSON.stringify({ endpoint: 'e' }))).toBeNull();
  });
});
