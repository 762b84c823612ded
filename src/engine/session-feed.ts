import type { Subscription } from 'rxjs';
import type { SessionChange } from '../contracts/realtime';
import type { RoomTransport } from './transports/types';

/**
 * Live session pages (issue 14): what a page needs to hear that its session changed. One small
 * interface so a second realtime backend (Firestore) can feed the same pages: the ws version
 * below rides on any `RoomTransport`; another implements `watch` from its own listeners.
 */
export type SessionFeedEvent =
  /** Something of the session changed: re-read what shows it. */
  | { type: 'change'; change: SessionChange }
  /** The connection came back after a gap: changes may have been missed, re-read everything. */
  | { type: 'reconnected' };

export interface SessionFeed {
  /** Follows a session until the returned function is called; several pages may follow one. */
  watch(sessionId: string, listener: (event: SessionFeedEvent) => void): () => void;
}

/**
 * A session feed over the realtime hub: one transport, opened on the first `watch` and closed
 * with the last, shared by every page that follows a session; `subscribeSession` is sent again
 * after each reconnect, and the listeners are told to re-read.
 */
export function createTransportSessionFeed(open: () => RoomTransport): SessionFeed {
  const listeners = new Map<string, Set<(event: SessionFeedEvent) => void>>();
  let transport: RoomTransport | null = null;
  let subscriptions: Subscription[] = [];

  const emit = (sessionId: string, event: SessionFeedEvent) => {
    for (const l of [...(listeners.get(sessionId) ?? [])]) l(event);
  };

  const start = (): RoomTransport => {
    const t = open();
    let opened = false;
    subscriptions = [
      t.status$.subscribe((status) => {
        if (status !== 'open') return;
        for (const sessionId of listeners.keys()) t.send({ type: 'subscribeSession', sessionId });
        if (opened)
          for (const sessionId of listeners.keys()) emit(sessionId, { type: 'reconnected' });
        opened = true;
      }),
      t.messages$.subscribe((message) => {
        if (message.type !== 'sessionChange') return;
        const { v: _v, type: _type, ...change } = message;
        emit(change.sessionId, { type: 'change', change });
      }),
    ];
    return t;
  };

  const stop = () => {
    for (const s of subscriptions) s.unsubscribe();
    subscriptions = [];
    transport?.close();
    transport = null;
  };

  return {
    watch(sessionId, listener) {
      let set = listeners.get(sessionId);
      const isNew = !set;
      if (!set) listeners.set(sessionId, (set = new Set()));
      set.add(listener);
      if (!transport) transport = start();
      else if (isNew) transport.send({ type: 'subscribeSession', sessionId });
      return () => {
        const current = listeners.get(sessionId);
        if (!current?.delete(listener)) return;
        if (current.size > 0) return;
        listeners.delete(sessionId);
        if (listeners.size === 0) stop();
        else transport?.send({ type: 'unsubscribeSession', sessionId });
      };
    },
  };
}
