/// <reference types="vite/client" />
import { collectNamespaces } from './locale-resources';

/**
 * Every other Japanese namespace (a namespace is added by adding its ja and en files) but the
 * lazy ones (i18n.ts LAZY_NAMESPACES): loaded with the signed-in shell and the public pages'
 * layout (i18n.ts loadAppNamespaces), not by /login.
 */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>(
    [
      '../../locales/ja/*.json',
      '!../../locales/ja/{check,downloads,legal,setting,watch,reports,moderation,safeguarding,common,consent,login}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
