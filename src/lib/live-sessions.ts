import type { SessionStatus } from '@/contracts/entities';

/**
 * The spec's live rule (accounts-and-people §4 "Live sessions block", core-platform §4):
 * only IN_PROGRESS sessions whose start time is now or later, by start time ascending.
 * Here rather than in features/legal, which re-exports it, so home's live block does not bring
 * the legal pages' chunk into its first load (issue 10).
 */
/** The spec's live rule for one session at `now`: IN_PROGRESS and starting now or later. */
export const isLiveSession = (
  session: { status: SessionStatus; startTime: number },
  now: number,
): boolean => session.status === 'IN_PROGRESS' && session.startTime >= now;

export function selectLiveSessions<T extends { status: SessionStatus; startTime: number }>(
  sessions: readonly T[],
  now: number,
): T[] {
  return sessions
    .filter((session) => isLiveSession(session, now))
    .sort((a, b) => a.startTime - b.startTime);
}
