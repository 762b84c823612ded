import { lazy } from 'react';

/** The session page (`/session/{sessionId}`), loaded on demand. */
export const SessionPage = lazy(() =>
  import('./session-page').then((m) => ({ default: m.SessionPage })),
);

export { SessionCard, SessionCardSkeleton } from './session-card';
export type { SessionCardProps, SessionCardSession } from './session-card';
export { localizeSession } from './session-rules';
export { SessionKindBadge } from './session-kind-badge';
