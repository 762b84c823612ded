import { lazy } from 'react';

/** The watch page, loaded on demand (it brings the player; hls.js comes later still). */
export const WatchPage = lazy(() => import('./watch-page').then((m) => ({ default: m.WatchPage })));

export { watchLoader } from './watch-loader';
export { watchHref, watchPath } from './watch-query';
