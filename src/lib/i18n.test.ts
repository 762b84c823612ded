import { describe, expect, it } from 'vitest';
import {
  applyLanguage,
  createI18n,
  loadAppNamespaces,
  loadFeatureNamespace,
  loadLanguage,
} from './i18n';

// The page starts with no translations and fetches one language at a time (issue 10).
describe('language loading', () => {
  it('fetches a language before switching to it, so the page never shows raw keys', async () => {
    const i18n = createI18n({ lng: 'ja' });
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    await loadLanguage('ja', i18n);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    const jaTitle = i18n.t('login:documentTitle');
    await applyLanguage('en', i18n);
    expect(i18n.language).toBe('en');
    expect(i18n.t('login:documentTitle')).not.toBe(jaTitle);
    expect(i18n.t('login:documentTitle')).not.toBe('documentTitle');
  });

  it("brings the signed-in app's texts only when asked, then with every language loaded later", async () => {
    const i18n = createI18n({ lng: 'ja' });
    await loadLanguage('ja', i18n);
    // /login's first load: its own texts, none of the signed-in app's.
    expect(i18n.hasResourceBundle('ja', 'login')).toBe(true);
    expect(i18n.hasResourceBundle('ja', 'home')).toBe(false);
    expect(i18n.t('home:documentTitle')).toBe('documentTitle');
    await loadAppNamespaces(i18n);
    const jaTitle = i18n.t('home:documentTitle');
    expect(jaTitle).not.toBe('documentTitle');
    expect(i18n.hasResourceBundle('en', 'home')).toBe(false);
    // A switch after the app's texts came brings the new language's app texts with it.
    await applyLanguage('en', i18n);
    expect(i18n.t('home:documentTitle')).not.toBe(jaTitle);
    expect(i18n.t('home:documentTitle')).not.toBe('documentTitle');
  });

  it("brings a lazy feature's texts with its route, then with every language loaded later", async () => {
    const i18n = createI18n({ lng: 'ja' });
    await loadLanguage('ja', i18n);
    await loadAppNamespaces(i18n);
    // The shell and home carry no settings texts; the settings route fetches them.
    expect(i18n.hasResourceBundle('ja', 'setting')).toBe(false);
    await loadFeatureNamespace('setting', i18n);
    expect(i18n.hasResourceBundle('ja', 'setting')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'setting')).toBe(false);
    // Switching language on the settings page switches in place, its texts already in.
    await applyLanguage('en', i18n);
    expect(i18n.hasResourceBundle('en', 'setting')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'watch')).toBe(false);
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
