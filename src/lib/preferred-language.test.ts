import { describe, expect, it } from 'vitest';
import { pickLanguage } from './preferred-language';

describe('pickLanguage (issue 9, item 7)', () => {
  it('follows an English browser on a first visit', () => {
    expect(pickLanguage({ query: null, stored: null, browser: ['en-GB', 'ja'] })).toBe('en');
  });
  it('follows a Japanese browser and falls back to Japanese for a language we do not speak', () => {
    expect(pickLanguage({ query: null, stored: null, browser: ['ja-JP'] })).toBe('ja');
    expect(pickLanguage({ query: null, stored: null, browser: ['fr-FR', 'de'] })).toBe('ja');
  });
  it('lets ?lang= win over everything, and ignores a bad value', () => {
    expect(pickLanguage({ query: 'ja', stored: 'en', browser: ['en-US'] })).toBe('ja');
    expect(pickLanguage({ query: 'xx', stored: null, browser: ['en-US'] })).toBe('en');
  });
  it('keeps the language the browser last showed (after logging out) over the browser default', () => {
    expect(pickLanguage({ query: null, stored: 'en', browser: ['ja-JP'] })).toBe('en');
  });
});
