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

/**
 * The spec's live rule (accounts-and-people §4 "Live sessions block", core-platform §4):
 * only IN_PROGRESS sessions whose start time is now or later, by start time ascending.
 */
export function selectLiveSessions<T extends { status: SessionStatus; startTime: number }>(
  sessions: readonly T[],
  now: number,
): T[] {
  return sessions
    .filter((session) => session.status === 'IN_PROGRESS' && session.startTime >= now)
    .sort((a, b) => a.startTime - b.startTime);
}

/** The column shows the first LIVE_SESSIONS_COLLAPSED sessions unless the user expanded it. */
export function visibleLiveSessions<T>(sessions: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? sessions : sessions.slice(0, LIVE_SESSIONS_COLLAPSED);
}

/** The view-all / view-less toggle exists on desktop only, and only when something is hidden. */
export function hasLiveSessionsToggle(count: number, isDesktop: boolean): boolean {
  return isDesktop && count > LIVE_SESSIONS_COLLAPSED;
}
