import { i18n } from '@/lib/i18n';

/**
 * The studio's words are a namespace of their own, added when the studio loads: the language
 * chunk every learner downloads first stays as it was (issue 15; scripts/size-budget.ts).
 */
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/lazy/studio.json', {
  import: 'default',
});

let loaded: Promise<void> | null = null;

export function loadStudioLocales(): Promise<void> {
  loaded ??= Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      const lang = /locales\/([^/]+)\/lazy\//.exec(path)?.[1];
      if (lang) i18n.addResourceBundle(lang, 'studio', await load(), true, true);
    }),
  ).then(() => undefined);
  return loaded;
}
