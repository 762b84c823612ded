import { lazy } from 'react';

const load = () => import('./profile-page');

/** /mypage, loaded on demand. */
export const MyPage = lazy(() => load().then((m) => ({ default: m.MyPage })));
/** /user/{id}, loaded on demand. */
export const UserPage = lazy(() => load().then((m) => ({ default: m.UserPage })));

// Pieces the home page reuses, also on demand so the shell's first chunk stays small.
const loadParts = () => import('./home-parts');
/** The signed-in user's header with the edit modal and the violation notice. */
export const MyProfileHeader = lazy(() =>
  loadParts().then((m) => ({ default: m.MyProfileHeader })),
);
/** The activity panel ('to me' and 'nationwide'). */
export const ActivityPanel = lazy(() => loadParts().then((m) => ({ default: m.ActivityPanel })));
/** Recent outputs: up to 4 in a 4-slot grid. Takes `userId`. */
export const RecentOutputsCard = lazy(() =>
  loadParts().then((m) => ({ default: m.RecentOutputsCard })),
);
/** The session the user joined last. Takes `userId`. */
export const RecentSessionCard = lazy(() =>
  loadParts().then((m) => ({ default: m.RecentSessionCard })),
);
/** Starts the reads of the pieces above, for home's loader. */
export { prefetchHomeProfileReads } from './api/home-reads';
