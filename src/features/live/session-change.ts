import type { SessionFeedEvent } from '@/engine';

/**
 * Which session changes make a cached read stale, declared by the read's owner (issue 28): the
 * owner's query options carry it as `meta.sessionChange`, and useSessionLive re-reads exactly the
 * queries whose rule says yes. `sessionId` is the session the page follows.
 */
export type SessionChangeRule = (sessionId: string, event: SessionFeedEvent) => boolean;

type Kind = Extract<SessionFeedEvent, { type: 'change' }>['change']['kind'];

/** The query meta that declares a rule. */
export const staleOn = (rule: SessionChangeRule) => ({ sessionChange: rule });

/**
 * A read of one session: stale after a reconnect of that session's feed (changes may have been
 * missed) or a change of one of `kinds` in it.
 */
export const sessionRead = (sessionId: string, ...kinds: Kind[]) =>
  staleOn(
    (followed, event) =>
      followed === sessionId && (event.type === 'reconnected' || kinds.includes(event.change.kind)),
  );

/** Every read the rule of a query's meta marks stale after `event` (useSessionLive). */
export const isStaleAfter = (
  meta: Record<string, unknown> | undefined,
  sessionId: string,
  event: SessionFeedEvent,
): boolean =>
  typeof meta?.sessionChange === 'function' &&
  (meta.sessionChange as SessionChangeRule)(sessionId, event);
