import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '@/contracts/user-entities';
import { loadNamespace, type LazyNamespace } from './i18n';

/**
 * Loads a lazy namespace (i18n.ts LAZY_NAMESPACES) for the page's language, again after a language
 * switch; true once its translations are in. A component renders its text only then.
 */
export function useLazyNamespace(ns: LazyNamespace): boolean {
  const { i18n } = useTranslation();
  const lang = toLang(i18n.language, 'ja');
  const [, loaded] = useState(0);
  const ready = i18n.hasResourceBundle(lang, ns);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadNamespace(ns, lang, i18n)
      .then(() => live && loaded((n) => n + 1))
      .catch((error: unknown) => console.error('[i18n] could not load', ns, lang, error));
    return () => {
      live = false;
    };
  }, [ready, ns, lang, i18n]);
  return ready;
}
