import { BehaviorSubject, Subject, Subscription } from 'rxjs';
import type { ServerMessage } from '../../contracts/realtime';
import type { RoomFeed } from '../../contracts/stream';
import type { RoomTransport, TransportStatus } from './types';

/**
 * A transport that is chosen later (the client learns its realtime backend from the server at
 * start-up): `connecting` until `pending` resolves, then everything of the chosen transport;
 * rooms and the list followed meanwhile are handed over. A failed choice is `closed`.
 */
export const createDeferredTransport = (pending: Promise<RoomTransport>): RoomTransport => {
  const messages$ = new Subject<ServerMessage>();
  const events$ = new Subject<RoomFeed>();
  const status$ = new BehaviorSubject<TransportStatus>('connecting');
  const rooms = new Map<string, () => number | undefined>();
  let list: { sessionId: string | undefined } | null = null;
  let inner: RoomTransport | null = null;
  let closed = false;
  const subs = new Subscription();

  pending.then(
    (transport) => {
      if (closed) return transport.close();
      inner = transport;
      subs.add(transport.messages$.subscribe((m) => messages$.next(m)));
      subs.add(transport.events$.subscribe((f) => events$.next(f)));
      subs.add(transport.status$.subscribe((s) => status$.next(s)));
      for (const [streamId, sinceSeq] of rooms) transport.subscribeRoom(streamId, sinceSeq);
      if (list) transport.subscribeStreamList(list.sessionId);
    },
    () => {
      if (!closed) status$.next('closed');
    },
  );

  return {
    messages$: messages$.asObservable(),
    events$: events$.asObservable(),
    status$: status$.asObservable(),
    status: () => status$.value,
    send: (message) => inner?.send(message) ?? false,
    subscribeRoom: (streamId, sinceSeq) => {
      rooms.set(streamId, sinceSeq);
      inner?.subscribeRoom(streamId, sinceSeq);
    },
    unsubscribeRoom: (streamId) => {
      rooms.delete(streamId);
      inner?.unsubscribeRoom(streamId);
    },
    resync: (streamId) => inner?.resync(streamId),
    subscribeStreamList: (sessionId) => {
      list = { sessionId };
      inner?.subscribeStreamList(sessionId);
    },
    unsubscribeStreamList: () => {
      list = null;
      inner?.unsubscribeStreamList();
    },
    close: () => {
      closed = true;
      subs.unsubscribe();
      inner?.close();
      if (status$.value !== 'versionMismatch') status$.next('closed');
      messages$.complete();
      events$.complete();
      status$.complete();
    },
  };
};
