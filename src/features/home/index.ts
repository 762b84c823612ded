/**
 * The home page (`/`). The router imports this module only lazily, so it is a chunk of its own
 * that already holds the page: no second request after it.
 */
export { HomePage } from './home-page';
export { prefetchHomeReads } from './api/prefetch';
