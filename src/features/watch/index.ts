import { lazy } from 'react';

/** The watch page, loaded on demand (it brings the player; hls.js comes later still). */
export const WatchPage = lazy(() => import('./watch-page').then((m) => ({ default: m.WatchPage })));

export { watchLoader } from './watch-loader';
export { watchHref, watchPath } from './watch-query';
// The studio's preview (issue 15) runs the same timeline selection and player source as this page.
export { selectOverlays } from './session/overlays';
export type { Overlays } from './session/overlays';
export { loadSource } from './player/load-source';
// The system check sets how this device's player follows a room (issue 27).
export { playerPreferences } from './player/preferences';
export { followerProfileFor } from './player/device-profile';
