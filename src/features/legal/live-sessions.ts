import type { SessionStatus } from '@/contracts/entities';
import { LIVE_SESSIONS_COLLAPSED } from '@/contracts/constants';

/** What the live-sessions column shows for one session. */
export type LiveSessionItem = {
  id: string;
  title: string;
  image: string;
  /** Epoch milliseconds. */
  startTime: number;
};

/** A session as fetched, before the live rule is applied. */
export type LiveSessionCandidate = LiveSessionItem & { status: SessionStatus };

export { selectLiveSessions } from '@/lib/live-sessions';

/** The column shows the first LIVE_SESSIONS_COLLAPSED sessions unless the user expanded it. */
export function visibleLiveSessions<T>(sessions: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? sessions : sessions.slice(0, LIVE_SESSIONS_COLLAPSED);
}

/** The view-all / view-less toggle exists on desktop only, and only when something is hidden. */
export function hasLiveSessionsToggle(count: number, isDesktop: boolean): boolean {
  return isDesktop && count > LIVE_SESSIONS_COLLAPSED;
}
