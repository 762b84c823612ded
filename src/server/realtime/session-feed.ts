import type { FastifyInstance } from 'fastify';
import { encodeServerMessage } from '../../contracts/realtime';
import { isProviderRole, type Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { findSessionRow, isOpenable } from '../sessions/repository';
import type { UserRow } from '../users/repository';
import type { RoomBus, SessionBusMessage } from './bus';
import type { HubConnection, RealtimeHub } from './hub';

/**
 * Live session pages (issue 14): `subscribeSession {sessionId}` follows one session's activity —
 * outputs published, reactions, session comments (posted, pinned, removed), feedback — and the
 * socket gets `sessionChange` hints, which the page answers by re-reading through REST (where
 * every visibility rule already lives). The hint itself is walled like the outputs lists: a
 * socket hears the activity of its own school, its own, and (provider roles) every school's.
 *
 * Publishers call `publishSessionChange` once, after their write committed; the bus (memory or
 * Redis, and whatever second backend mirrors it) carries it to every instance's hub.
 */

/** Sessions one socket may follow at once (home follows the sessions it shows). */
const SESSION_FOLLOW_MAX = 32;

export interface SessionFeedOptions {
  hub: RealtimeHub;
  db: Db;
  bus: RoomBus;
  permissions: Permissions;
}

export interface SessionFeed {
  /** Sockets following a session (tests). */
  followers(sessionId: string): number;
}

/** Whether a socket of `user` may hear this change (walls: its school, itself, providers). */
function hearsChange(user: UserRow, message: SessionBusMessage): boolean {
  if (user.id === message.actorId || isProviderRole(user.role)) return true;
  return user.school_id !== null && user.school_id === message.schoolId;
}

export function registerSessionFeed(
  app: FastifyInstance,
  { hub, db, bus, permissions }: SessionFeedOptions,
): SessionFeed {
  const bySession = new Map<string, Set<HubConnection>>();
  const byConnection = new WeakMap<HubConnection, Set<string>>();

  const leave = (c: HubConnection, sessionId: string) => {
    byConnection.get(c)?.delete(sessionId);
    const set = bySession.get(sessionId);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) bySession.delete(sessionId);
  };

  hub.on('subscribeSession', async (c, m) => {
    const mine = byConnection.get(c) ?? new Set<string>();
    byConnection.set(c, mine);
    if (mine.has(m.sessionId)) return;
    if (mine.size >= SESSION_FOLLOW_MAX) {
      return hub.send(c, {
        type: 'error',
        code: 'badMessage',
        message: `at most ${SESSION_FOLLOW_MAX} sessions per socket`,
        ref: m.sessionId,
      });
    }
    const user = c.auth.user;
    const [row, subject] = await Promise.all([
      findSessionRow(db, m.sessionId),
      permissions.subject(user),
    ]);
    // A session the caller may not see answers exactly like one that does not exist.
    if (!row || !isOpenable(subject, row)) {
      return hub.send(c, {
        type: 'error',
        code: 'notFound',
        message: 'no such session',
        ref: m.sessionId,
      });
    }
    if (c.dropping) return;
    mine.add(m.sessionId);
    let set = bySession.get(m.sessionId);
    if (!set) bySession.set(m.sessionId, (set = new Set()));
    set.add(c);
  });

  hub.on('unsubscribeSession', (c, m) => leave(c, m.sessionId));

  hub.onClose((c) => {
    for (const sessionId of [...(byConnection.get(c) ?? [])]) leave(c, sessionId);
  });

  const unsubscribe = bus.subscribeSessions((message) => {
    const set = bySession.get(message.change.sessionId);
    if (!set) return;
    let data: Buffer | undefined;
    for (const c of set) {
      if (!hearsChange(c.auth.user, message)) continue;
      data ??= Buffer.from(encodeServerMessage({ type: 'sessionChange', ...message.change }));
      hub.sendEncoded(c, data);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    bySession.clear();
  });

  return { followers: (sessionId) => bySession.get(sessionId)?.size ?? 0 };
}

/**
 * Tells every page following the session that something changed. Call it after the write
 * committed; a failure is logged, never the request's (the pages re-read on reconnect).
 */
export async function publishSessionChange(
  app: { roomBus: RoomBus; log: { warn: (o: object, m: string) => void } },
  actor: Pick<UserRow, 'id' | 'school_id'>,
  change: SessionBusMessage['change'],
): Promise<void> {
  try {
    await app.roomBus.publishSession({ change, actorId: actor.id, schoolId: actor.school_id });
  } catch (err) {
    app.log.warn({ err }, 'session change publish failed');
  }
}
