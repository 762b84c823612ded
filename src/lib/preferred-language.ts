import { DEFAULT_LANG, STORAGE_KEYS } from '@/contracts/constants';
import { Lang } from '@/contracts/user-entities';

export interface LanguageHints {
  /** `?lang=` of the address, if any. */
  query: string | null;
  /** The language this browser last showed (kept across logout). */
  stored: string | null;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
}

/**
 * The language of a page shown before anyone signs in (login, legal pages): an explicit `?lang=`
 * wins, then the language this browser last used (so logging out keeps it), then the first
 * browser language we speak ("en-GB" counts as en), then Japanese.
 */
export function pickLanguage({ query, stored, browser }: LanguageHints): Lang {
  for (const candidate of [query, stored]) {
    const parsed = Lang.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  for (const tag of browser) {
    const parsed = Lang.safeParse(tag.toLowerCase().split('-')[0]);
    if (parsed.success) return parsed.data;
  }
  return DEFAULT_LANG;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Remembers the language this browser shows; a refusing storage is ignored. */
export function rememberLanguage(lang: Lang): void {
  try {
    storage()?.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // Private mode or quota: the next page simply follows the browser language.
  }
}

/** The language for the first paint of this page, from the address, storage and browser. */
export function initialLanguage(): Lang {
  if (typeof window === 'undefined') return DEFAULT_LANG;
  let stored: string | null = null;
  try {
    stored = storage()?.getItem(STORAGE_KEYS.lang) ?? null;
  } catch {
    stored = null;
  }
  return pickLanguage({
    query: new URLSearchParams(window.location.search).get('lang'),
    stored,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
}
