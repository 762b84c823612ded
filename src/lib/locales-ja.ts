/// <reference types="vite/client" />
import { collectNamespaces } from './locale-resources';

/**
 * The Japanese namespaces every first load needs (i18n.ts FIRST_NAMESPACES: /login and its dialogs,
 * the consent banner, the error pages). The rest come with the signed-in shell or the public pages
 * (locales-ja-app.ts), the lazy ones (i18n.ts LAZY_NAMESPACES) with their features.
 */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>('../../locales/ja/{common,consent,login}.json', {
    eager: true,
    import: 'default',
  }),
);
