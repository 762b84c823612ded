import { describe, expect, it } from 'vitest';
import {
  canSaveLanguage,
  changeCountry,
  initialLanguageForm,
  languagePayload,
  type LanguageForm,
} from './language-rules';

const ready = { loading: false, countryHasStates: true };

describe('initialLanguageForm', () => {
  it('starts from the saved language, country and prefecture', () => {
    expect(
      initialLanguageForm({
        lang: 'en',
        location: { country: { code: 'JP' }, state: null },
        prefecture: '13',
      }),
    ).toEqual({ lang: 'en', country: 'JP', state: '13' });
    expect(
      initialLanguageForm({
        lang: 'ja',
        location: { country: { code: 'US' }, state: { code: 'NY' } },
        prefecture: null,
      }),
    ).toEqual({ lang: 'ja', country: 'US', state: 'NY' });
  });

  it('defaults the country to JP', () => {
    expect(
      initialLanguageForm({
        lang: 'ja',
        location: { country: { code: '' }, state: null },
        prefecture: null,
      }).country,
    ).toBe('JP');
  });
});

describe('changeCountry', () => {
  it('clears the state when the country changes, keeps it otherwise', () => {
    const form: LanguageForm = { lang: 'ja', country: 'JP', state: '27' };
    expect(changeCountry(form, 'US')).toEqual({ lang: 'ja', country: 'US', state: null });
    expect(changeCountry(form, 'JP')).toBe(form);
  });
});

describe('canSaveLanguage', () => {
  const full: LanguageForm = { lang: 'ja', country: 'JP', state: '01' };
  it('allows a complete form', () => {
    expect(canSaveLanguage(full, ready)).toBe(true);
  });
  it('is disabled while loading or while the states are unknown', () => {
    expect(canSaveLanguage(full, { loading: true, countryHasStates: true })).toBe(false);
    expect(canSaveLanguage(full, { loading: false, countryHasStates: null })).toBe(false);
  });
  it('is disabled without language or country', () => {
    expect(canSaveLanguage({ ...full, lang: null }, ready)).toBe(false);
    expect(canSaveLanguage({ ...full, country: null }, ready)).toBe(false);
  });
  it('needs a state only when the country has states', () => {
    expect(canSaveLanguage({ ...full, state: null }, ready)).toBe(false);
    expect(
      canSaveLanguage(
        { lang: 'en', country: 'GB', state: null },
        { loading: false, countryHasStates: false },
      ),
    ).toBe(true);
  });
});

describe('languagePayload', () => {
  it('sends the prefecture for JP only, as the state too', () => {
    expect(languagePayload('u1', { lang: 'ja', country: 'JP', state: '13' }, true)).toEqual({
      userId: 'u1',
      lang: 'ja',
      country: 'JP',
      state: '13',
      prefecture: '13',
    });
    expect(languagePayload('u1', { lang: 'en', country: 'US', state: 'CA' }, true)).toEqual({
      userId: 'u1',
      lang: 'en',
      country: 'US',
      state: 'CA',
    });
  });

  it("sends 'undefined' as the state of a country other than JP without states", () => {
    expect(languagePayload('u1', { lang: 'en', country: 'GB', state: null }, false)).toEqual({
      userId: 'u1',
      lang: 'en',
      country: 'GB',
      state: 'undefined',
    });
  });

  it('refuses an incomplete form', () => {
    expect(languagePayload('u1', { lang: 'en', country: 'US', state: null }, true)).toBeNull();
    expect(languagePayload('u1', { lang: null, country: 'GB', state: null }, false)).toBeNull();
  });
});
