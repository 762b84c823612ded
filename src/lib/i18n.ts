/// <reference types="vite/client" />
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANG } from '@/contracts/constants';
import { Lang, toLang } from '@/contracts/user-entities';
import type { LanguageResources } from './locale-resources';
import { initialLanguage, rememberLanguage } from './preferred-language';

/**
 * Each language's translations are two chunks of their own, fetched when the page first needs
 * them: the first load carries only the user's language (issue 10), and /login only the
 * namespaces it draws with (FIRST_NAMESPACES, locales-ja.ts). The others (locales-ja-app.ts) come
 * with the signed-in shell and the public pages' layout (loadAppNamespaces).
 */
const bundles: Record<Lang, () => Promise<{ default: LanguageResources }>> = {
  ja: () => import('./locales-ja'),
  en: () => import('./locales-en'),
};
const appBundles: Record<Lang, () => Promise<{ default: LanguageResources }>> = {
  ja: () => import('./locales-ja-app'),
  en: () => import('./locales-en-app'),
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
  await Promise.all([
    addBundle(bundles, 'common', lang, instance),
    appWanted.has(instance) ? addBundle(appBundles, 'home', lang, instance) : null,
    ...[...(featureWanted.get(instance) ?? [])].map((ns) => loadNamespace(ns, lang, instance)),
  ]);
}

/** Instances that have asked for the app's namespaces: a language loaded later brings them too. */
const appWanted = new WeakSet<I18n>();

/**
 * Makes sure `instance` holds the namespaces beyond the first load's, in its language (and in the
 * one a switch under way is heading for): the signed-in shell and the public pages' layout await
 * this before they render, so none of their texts shows as a key.
 */
export async function loadAppNamespaces(instance: I18n = i18n): Promise<void> {
  appWanted.add(instance);
  await Promise.all(
    langsInPlay(instance).map((lang) => addBundle(appBundles, 'home', lang, instance)),
  );
}

async function addBundle(
  from: Record<Lang, () => Promise<{ default: LanguageResources }>>,
  /** A namespace of that bundle: when present, the bundle is in. */
  marker: string,
  lang: Lang,
  instance: I18n,
): Promise<void> {
  if (instance.hasResourceBundle(lang, marker)) return;
  const { default: namespaces } = await from[lang]();
  for (const [ns, keys] of Object.entries(namespaces)) {
    instance.addResourceBundle(lang, ns, keys, true, true);
  }
}

/**
 * Namespaces left out of the language chunks because only a lazy feature uses them (the system
 * check, the download panel: issue 13; the legal pages, settings, the watch page, reports and
 * moderation: issue 10, so neither /login nor the signed-in shell and home carry their texts).
 * Each arrives with its feature: the check and download components wait for theirs
 * (useLazyNamespace), the routes of the others fetch theirs with their module (loadFeatureNamespace).
 */
export const LAZY_NAMESPACES = [
  'check',
  'downloads',
  'legal',
  'setting',
  'watch',
  'reports',
  'moderation',
  'safeguarding',
] as const;
export type LazyNamespace = (typeof LAZY_NAMESPACES)[number];
const lazyFiles: Record<Lang, Record<string, () => Promise<Record<string, unknown>>>> = {
  ja: import.meta.glob<Record<string, unknown>>(
    '../../locales/ja/{check,downloads,legal,setting,watch,reports,moderation,safeguarding}.json',
    { import: 'default' },
  ),
  en: import.meta.glob<Record<string, unknown>>(
    '../../locales/en/{check,downloads,legal,setting,watch,reports,moderation,safeguarding}.json',
    { import: 'default' },
  ),
};

/** Makes sure a lazy namespace is loaded for `lang`. */
export async function loadNamespace(
  ns: LazyNamespace,
  lang: Lang,
  instance: I18n = i18n,
): Promise<void> {
  if (instance.hasResourceBundle(lang, ns)) return;
  const load = lazyFiles[lang][`../../locales/${lang}/${ns}.json`];
  if (!load) throw new Error(`No ${lang} translations for ${ns}`);
  instance.addResourceBundle(lang, ns, await load(), true, true);
}

/** The lazy namespaces each instance's routes have asked for: a language loaded later brings them. */
const featureWanted = new WeakMap<I18n, Set<LazyNamespace>>();

/**
 * Makes sure `instance` holds a feature's namespace in its language (and in the one a switch under
 * way is heading for), and in every language it loads later (applyLanguage switches in place, with
 * the texts already in). A feature's route awaits this with its module, so none of its texts shows
 * as a key.
 */
export async function loadFeatureNamespace(
  ns: LazyNamespace,
  instance: I18n = i18n,
): Promise<void> {
  const set = featureWanted.get(instance) ?? new Set<LazyNamespace>();
  featureWanted.set(instance, set.add(ns));
  await Promise.all(langsInPlay(instance).map((lang) => loadNamespace(ns, lang, instance)));
}

/** The instance's language, and the one a switch under way is heading for. */
function langsInPlay(instance: I18n): Lang[] {
  const langs = new Set<Lang>([toLang(instance.language, DEFAULT_LANG)]);
  const heading = wanted.get(instance);
  if (heading) langs.add(heading);
  return [...langs];
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
