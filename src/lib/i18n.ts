/// <reference types="vite/client" />
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANG } from '@/contracts/constants';
import { Lang } from '@/contracts/entities';
import { initialLanguage, rememberLanguage } from './preferred-language';

/**
 * Every `locales/<lang>/<namespace>.json` is picked up at build time, so a feature adds a
 * namespace by adding its two files (and one line in i18next.d.ts for typed keys).
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Resources = Record<string, Record<string, Record<string, unknown>>>;
export const resources: Resources = {};
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  (resources[match[1]] ??= {})[match[2]] = content;
}

/** One namespace per product area; `common` holds the shell (header, footer, error pages). */
export const NAMESPACES: readonly string[] = Object.keys(resources[DEFAULT_LANG] ?? {}).sort();

/**
 * Creates and initialises an i18next instance (ja default, en fallback-free so a missing key shows
 * up). `onMissingKey` runs for every missing key; in development the app makes it loud.
 */
export function createI18n(
  options: { lng?: Lang; onMissingKey?: (lng: string, ns: string, key: string) => void } = {},
): I18n {
  const instance = i18next.createInstance();
  const onMissingKey = options.onMissingKey;
  void instance.init({
    resources,
    lng: options.lng ?? DEFAULT_LANG,
    supportedLngs: Lang.options,
    fallbackLng: false,
    ns: NAMESPACES,
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

/** Applies a user's language (ja or en) to the page's i18n and the <html lang> attribute. */
export function applyLanguage(lang: Lang, instance: I18n = i18n): void {
  if (instance.language !== lang) void instance.changeLanguage(lang);
  if (instance === i18n) rememberLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
