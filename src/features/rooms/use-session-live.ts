import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SessionFeedEvent } from '@/engine';
import { sessionFeed } from './realtime';

const has = (key: QueryKey, ...parts: string[]) => parts.every((p) => key.includes(p));

/**
 * Which cached reads a session change makes stale. Query keys of every feature follow one
 * convention: the ids they depend on are elements of the key (`['session', id, 'outputs']`,
 * `['feedback', 'list', outputId]`, `['outputs', 'session', id, …]`), so a change marks stale
 * exactly the reads that carry its ids and area, whichever feature owns them.
 */
export function isStaleAfter(key: QueryKey, sessionId: string, event: SessionFeedEvent): boolean {
  if (event.type === 'reconnected') return key.includes(sessionId) || key[0] === 'feedback';
  const { kind, targetId, outputId } = event.change;
  const outputsOfSession = has(key, sessionId, 'outputs');
  switch (kind) {
    case 'output':
      return outputsOfSession || key.includes(targetId);
    case 'feedback':
      return outputsOfSession || (outputId !== undefined && key.includes(outputId));
    case 'action':
      return (
        (key[0] === 'feedback' && key[1] === 'actions' && key.includes(targetId)) ||
        (outputId !== undefined && outputsOfSession) ||
        // A reaction on the session itself: its emotions on the session page.
        (targetId === sessionId && key.length === 2 && key[0] === 'session' && key[1] === sessionId)
      );
    case 'comment':
      return has(key, sessionId, 'comments');
    case 'vote':
      return has(key, sessionId, 'votes');
    case 'participants':
      return has(key, sessionId, 'users');
  }
}

/** Marks stale (and re-reads, when shown) what a session change touches. */
function refreshAfter(client: QueryClient, sessionId: string, event: SessionFeedEvent) {
  void client.invalidateQueries(
    { predicate: (q) => isStaleAfter(q.queryKey, sessionId, event) },
    // A burst of hints (a class reacting at once) reuses the read in flight.
    { cancelRefetch: false },
  );
}

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
