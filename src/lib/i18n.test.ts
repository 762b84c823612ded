import { describe, expect, it } from 'vitest';
import { applyLanguage, createI18n, loadLanguage } from './i18n';

// The page starts with no translations and fetches one language at a time (issue 10).
describe('language loading', () => {
  it('fetches a language before switching to it, so the page never shows raw keys', async () => {
    const i18n = createI18n({ lng: 'ja' });
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    await loadLanguage('ja', i18n);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    const jaTitle = i18n.t('home:documentTitle');
    await applyLanguage('en', i18n);
    expect(i18n.language).toBe('en');
    expect(i18n.t('home:documentTitle')).not.toBe(jaTitle);
    expect(i18n.t('home:documentTitle')).not.toBe('documentTitle');
  });

  it('ends on the last language chosen when choices overlap', async () => {
    const i18n = createI18n({ lng: 'ja' });
    await loadLanguage('ja', i18n);
    const toEnglish = applyLanguage('en', i18n);
    const backToJapanese = applyLanguage('ja', i18n);
    await Promise.all([toEnglish, backToJapanese]);
    expect(i18n.language).toBe('ja');
  });
});
