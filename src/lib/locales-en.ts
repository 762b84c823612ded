/// <reference types="vite/client" />
import { collectNamespaces } from './locale-resources';

/** Every English namespace (a namespace is added by adding its ja and en files). */
export default collectNamespaces(
  import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', {
    eager: true,
    import: 'default',
  }),
);
