import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SessionFeedEvent } from '@/engine';
import { sessionFeed } from '@/features/rooms';
import { isStaleAfter } from './session-change';

/** Marks stale (and re-reads, when shown) what a session change touches. */
function refreshAfter(client: QueryClient, sessionId: string, event: SessionFeedEvent) {
  void client.invalidateQueries(
    { predicate: (q) => isStaleAfter(q.meta, sessionId, event) },
    // A burst of hints (a class reacting at once) reuses the read in flight.
    { cancelRefetch: false },
  );
}

/** Re-reads everything of a session (its room's socket came back after a gap). */
export const refreshSession = (client: QueryClient, sessionId: string) =>
  refreshAfter(client, sessionId, { type: 'reconnected' });

/**
 * Keeps a page of one session live: each change the hub reports (new output, reaction, comment,
 * feedback, solo ballot or join) re-reads the queries that show it, and a reconnect re-reads
 * everything of the session. `onEvent` lets a page do more. Nothing polls.
 */
export function useSessionLive(
  sessionId: string | null | undefined,
  onEvent?: (event: SessionFeedEvent, sessionId: string) => void,
): void {
  useSessionsLive(sessionId ? [sessionId] : [], onEvent);
}

/** `useSessionLive` for several sessions at once (home follows the live sessions it lists). */
export function useSessionsLive(
  sessionIds: readonly string[],
  onEvent?: (event: SessionFeedEvent, sessionId: string) => void,
): void {
  const client = useQueryClient();
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  // A stable dependency: the same ids in any order are the same subscription.
  const ids = [...new Set(sessionIds)].sort().join('\n');
  useEffect(() => {
    if (!ids) return;
    const stops = ids.split('\n').map((sessionId) =>
      sessionFeed.watch(sessionId, (event) => {
        refreshAfter(client, sessionId, event);
        latest.current?.(event, sessionId);
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [client, ids]);
}
