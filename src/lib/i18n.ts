/// <reference types="vite/client" />
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANG } from '@/contracts/constants';
import { Lang } from '@/contracts/entities';
import type { LanguageResources } from './locale-resources';
import { initialLanguage, rememberLanguage } from './preferred-language';

/**
 * Each language's translations are a chunk of their own (locales-ja.ts, locales-en.ts), fetched
 * when the page first needs that language: the first load carries only the user's (issue 10).
 */
const bundles: Record<Lang, () => Promise<{ default: LanguageResources }>> = {
  ja: () => import('./locales-ja'),
  en: () => import('./locales-en'),
};

/**
 * Creates and initialises an i18next instance (ja default, en fallback-free so a missing key shows
 * up). `onMissingKey` runs for every missing key; in development the app makes it loud.
 */
export function createI18n(
  options: {
    lng?: Lang;
    /** Languages known from the start; the page's instance starts empty and loads one. */
    resources?: Partial<Record<Lang, LanguageResources>>;
    onMissingKey?: (lng: string, ns: string, key: string) => void;
  } = {},
): I18n {
  const instance = i18next.createInstance();
  const onMissingKey = options.onMissingKey;
  void instance.init({
    resources: options.resources ?? {},
    lng: options.lng ?? DEFAULT_LANG,
    supportedLngs: Lang.options,
    fallbackLng: false,
    ns: Object.keys(options.resources?.[options.lng ?? DEFAULT_LANG] ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
    saveMissing: onMissingKey !== undefined,
    ...(onMissingKey
      ? {
          missingKeyHandler: (lngs: readonly string[], ns: string, key: string) => {
            for (const lng of lngs) onMissingKey(lng, ns, key);
          },
        }
      : {}),
  });
  return instance;
}

/** The page's i18n instance. In development a missing key is reported as an error. */
export const i18n: I18n = createI18n({
  lng: initialLanguage(),
  ...(import.meta.env.DEV
    ? {
        onMissingKey: (lng: string, ns: string, key: string) =>
          console.error(`[i18n] MISSING KEY "${ns}:${key}" for language "${lng}"`),
      }
    : {}),
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/**
 * Makes sure `instance` holds `lang`'s translations, fetching its chunk the first time. The page
 * renders only after its first language is in (main.tsx), so no key ever shows untranslated.
 */
export async function loadLanguage(lang: Lang, instance: I18n = i18n): Promise<void> {
  if (instance.hasResourceBundle(lang, 'common')) return;
  const { default: namespaces } = await bundles[lang]();
  for (const [ns, keys] of Object.entries(namespaces)) {
    instance.addResourceBundle(lang, ns, keys, true, true);
  }
}

const wanted = new WeakMap<I18n, Lang>();

/**
 * Applies a user's language (ja or en) to the page's i18n and the <html lang> attribute, in place:
 * the other language's translations are fetched first, then the page switches at once.
 */
export async function applyLanguage(lang: Lang, instance: I18n = i18n): Promise<void> {
  if (instance === i18n) rememberLanguage(lang);
  wanted.set(instance, lang);
  await loadLanguage(lang, instance);
  // A later choice made while this one's translations were on their way wins.
  if (wanted.get(instance) !== lang) return;
  if (instance.language !== lang) await instance.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
