/// <reference types="vite/client" />
import { collectNamespaces } from './locale-resources';

/** Every Japanese namespace (a namespace is added by adding its ja and en files). */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>('../../locales/ja/*.json', {
    eager: true,
    import: 'default',
  }),
);
