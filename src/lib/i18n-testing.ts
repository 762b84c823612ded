/// <reference types="vite/client" />
import type { i18n as I18n } from 'i18next';
import type { Lang } from '@/contracts/user-entities';
import { createI18n } from './i18n';
import en from './locales-en';
import enApp from './locales-en-app';
import ja from './locales-ja';
import jaApp from './locales-ja-app';

/** The lazy namespaces (i18n.ts LAZY_NAMESPACES) of one language, read at once. */
const lazy = (files: Record<string, Record<string, unknown>>) =>
  Object.fromEntries(
    Object.entries(files).map(([path, keys]) => [/([^/]+)\.json$/.exec(path)?.[1] ?? path, keys]),
  );
const jaLazy = lazy(
  import.meta.glob<Record<string, unknown>>(
    '../../locales/ja/{check,downloads,legal,setting,watch,reports,moderation,safeguarding}.json',
    { eager: true, import: 'default' },
  ),
);
const enLazy = lazy(
  import.meta.glob<Record<string, unknown>>(
    '../../locales/en/{check,downloads,legal,setting,watch,reports,moderation,safeguarding}.json',
    { eager: true, import: 'default' },
  ),
);

/** The namespaces of the default language's two chunks (not the lazy ones), sorted. */
export const NAMESPACES: readonly string[] = Object.keys({ ...ja, ...jaApp }).sort();

/** Both languages with every namespace, loaded at once: for tests, which need every text synchronously. */
const allResources = {
  ja: { ...ja, ...jaApp, ...jaLazy },
  en: { ...en, ...enApp, ...enLazy },
};

/** An i18n instance holding both languages (tests only; the page loads one language at a time). */
export function createTestI18n(
  options: { lng?: Lang; onMissingKey?: (lng: string, ns: string, key: string) => void } = {},
): I18n {
  return createI18n({ ...options, resources: allResources });
}
