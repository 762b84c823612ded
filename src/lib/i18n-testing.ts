import type { i18n as I18n } from 'i18next';
import type { Lang } from '@/contracts/user-entities';
import { createI18n } from './i18n';
import en from './locales-en';
import enApp from './locales-en-app';
import ja from './locales-ja';
import jaApp from './locales-ja-app';

/** Both languages, loaded at once: for tests, which need every text synchronously. */
export const allResources = { ja: { ...ja, ...jaApp }, en: { ...en, ...enApp } };

/** The namespaces of the default language, sorted. */
export const NAMESPACES: readonly string[] = Object.keys(allResources.ja).sort();

/** An i18n instance holding both languages (tests only; the page loads one language at a time). */
export function createTestI18n(
  options: { lng?: Lang; onMissingKey?: (lng: string, ns: string, key: string) => void } = {},
): I18n {
  return createI18n({ ...options, resources: allResources });
}
