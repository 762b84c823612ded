/**
 * What a read's owner declares (which session changes make it stale): apart from index.ts, whose
 * hooks follow the realtime feed, so an api/ module can declare without importing the feed.
 */
export { sessionRead, staleOn } from './session-change';
