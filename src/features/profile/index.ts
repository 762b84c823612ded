import { lazy } from 'react';

const load = () => import('./profile-page');

/** /mypage, loaded on demand. */
export const MyPage = lazy(() => load().then((m) => ({ default: m.MyPage })));
/** /user/{id}, loaded on demand. */
export const UserPage = lazy(() => load().then((m) => ({ default: m.UserPage })));

// Pieces the home page reuses, loaded on demand so the shell's first chunk stays small. Loaders,
// not lazy components: home shows each as an optional part that can fail and be tried again.
const loadParts = () => import('./home-parts');
/** The signed-in user's header with the edit modal and the violation notice. */
export const loadMyProfileHeader = () => loadParts().then((m) => m.MyProfileHeader);
/** The activity panel ('to me' and 'nationwide'). */
export const loadActivityPanel = () => loadParts().then((m) => m.ActivityPanel);
/** Recent outputs: up to 4 in a 4-slot grid. Takes `userId`. */
export const loadRecentOutputsCard = () => loadParts().then((m) => m.RecentOutputsCard);
/** Starts the reads of the pieces above, for home's loader. */
export { prefetchHomeProfileReads } from './api/home-reads';
