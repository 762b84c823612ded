import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { EventDoc, GroupStreamDoc, MessageDoc, SessionChangeDoc } from '../../contracts/firestore';
import { Stream } from '../../contracts/entities';
import {
  PROTOCOL_VERSION,
  SessionChange,
  parseServerMessage,
  type ServerMessage,
} from '../../contracts/realtime';
import { RoomEvent, type RoomFeed } from '../../contracts/stream';
import { RoomLog } from '../room-log';
import type { Scheduler, TimerHandle } from '../time';
import type { RoomTransport, TransportStatus } from './types';
import { BACKOFF_INITIAL_MS, BACKOFF_MAX_MS } from './ws';

/** One snapshot of a listened query: the documents added since the last, and where it came from. */
interface DocBatch {
  /** Document data of added documents, in the query's order (never cast: parsed here). */
  added: readonly unknown[];
  /** Modified documents (the rooms list rewrites its entries). */
  modified: readonly unknown[];
  /** True while the SDK answers from its cache only (offline, or not yet heard from Firestore). */
  fromCache: boolean;
}

export interface DocListener {
  next(batch: DocBatch): void;
  /** The listen ended: `permission-denied` (the rules refused), or another SDK error code. */
  error(code: string): void;
}

/**
 * What the transport needs from the Firestore SDK: the engine imports no SDK (it runs in Node,
 * browsers and tests alike), so the browser's `firebase/firestore` adapter (and the tests' one)
 * is injected. Every listen reports metadata changes, so going offline is seen (`fromCache`).
 */
export interface FirestorePort {
  /** `streams/{id}/events` with seq > afterSeq, by seq. */
  listenEvents(streamId: string, afterSeq: number, listener: DocListener): () => void;
  /** `streams/{id}/messages` with at ≥ since. */
  listenMessages(streamId: string, since: number, listener: DocListener): () => void;
  /** `groups/{id}/streams` with at ≥ since. */
  listenGroupStreams(groupId: string, since: number, listener: DocListener): () => void;
  /** The changes of a session (live session pages) the signed-in user may hear, at ≥ since. */
  listenSessionChanges(sessionId: string, since: number, listener: DocListener): () => void;
  /** The signed-in user's groups (the rooms lists they read). */
  readonly groupIds: readonly string[];
  close(): void;
}

export interface FirestoreTransportDeps {
  /** Opens the SDK and signs in (lazily: the SDK is loaded only when this backend is used). */
  connect(): Promise<FirestorePort>;
  scheduler: Scheduler;
  /**
   * Where `send` goes (the clock's ping, a follower's status): this server's socket, whose
   * `pong` and `participantStatus` join `messages$`. Without it `send` answers false.
   */
  control?: RoomTransport;
}

/** Broadcasts of a room are read from this long before the subscribe (ms), for clock skew. */
const MESSAGES_LOOKBACK_MS = 5_000;
/**
 * A room's listen is moved up to the room's head once it has delivered this many documents: a
 * listen's result is every event after its start, and both the SDK (which holds them all) and
 * Firestore (the emulator re-reads them for each write, 0.1–0.3 ms per document and listener) pay for
 * its size. Without the move a 45-minute lesson's ~300 pings and commands stay in every pupil's
 * listen, and a first subscribe holds the room's whole history. The successor is opened from the
 * head before the predecessor stops (after its first answer), so nothing falls between them.
 */
export const ROLL_AFTER_DOCS = 16;
/** The rooms list reads entries written within this long (the list shows 12 hours). */
const LIST_WINDOW_MS = 12 * 60 * 60 * 1000;

/** What the control socket contributes; room data comes from Firestore only. */
const FROM_CONTROL = new Set<ServerMessage['type']>(['pong', 'participantStatus', 'ready']);

/** A document of `streams/{id}/events` as the room event it carries, or why not. */
const parseEventDoc = (
  streamId: string,
  data: unknown,
): { ok: true; event: RoomEvent } | { ok: false; error: string } => {
  const doc = EventDoc.safeParse(data);
  if (!doc.success) return { ok: false, error: 'not an event document' };
  let json: unknown;
  try {
    json = JSON.parse(doc.data.event);
  } catch {
    return { ok: false, error: 'event is not JSON' };
  }
  const event = RoomEvent.safeParse(json);
  if (!event.success) return { ok: false, error: 'not a room event' };
  if (event.data.seq !== doc.data.seq || event.data.streamId !== streamId) {
    return { ok: false, error: 'event does not match its document' };
  }
  return { ok: true, event: event.data };
};

/**
 * The Firestore transport (REALTIME_BACKEND=firestore): listens to the room's event documents
 * from its log's head and merges them, with the room's broadcasts and the rooms lists, into the
 * same feed and messages the WebSocket transport gives (`RoomFeed`, `ServerMessage`), so the
 * room client folds them unchanged. A first subscribe (no sinceSeq) folds the room's events with
 * the engine's `RoomLog` into a snapshot, as the hub does; later ones (reconnect, gap) give
 * exactly the events after sinceSeq, an empty batch when up to date. The rules refusing a room
 * is the hub's `notFound`. A document that does not parse is dropped and reported. Live session
 * pages' `subscribeSession` listens to the session's changes in Firestore (the feed walled to the
 * user's school) and gives the hub's `sessionChange` messages, so the session feed is unchanged.
 */
export const createFirestoreTransport = ({
  connect,
  scheduler,
  control,
}: FirestoreTransportDeps): RoomTransport & { readonly invalidDocs$: Observable<string> } => {
  const messages$ = new Subject<ServerMessage>();
  const events$ = new Subject<RoomFeed>();
  const invalidDocs$ = new Subject<string>();
  const status$ = new BehaviorSubject<TransportStatus>('connecting');
  const rooms = new Map<
    string,
    { sinceSeq: () => number | undefined; stop: () => void; stopMessages: () => void }
  >();
  let list: { sessionId?: string; stops: Array<() => void> } | null = null;
  /** Followed sessions (live session pages): their listens, once connected. */
  const sessions = new Map<string, () => void>();
  let port: FirestorePort | null = null;
  let closed = false;
  const controlSub = control?.messages$.subscribe((m) => {
    if (FROM_CONTROL.has(m.type)) messages$.next(m);
  });

  const setStatus = (s: TransportStatus) => {
    if (!closed && status$.value !== s) status$.next(s);
  };
  const online = (fromCache: boolean) => setStatus(fromCache ? 'closed' : 'open');
  const error = (code: 'notFound' | 'internal', message: string, ref: string) =>
    messages$.next({ v: PROTOCOL_VERSION, type: 'error', code, message, ref });

  /**
   * A listen the SDK ended with an error other than the rules' refusal (resource-exhausted,
   * internal, …) hears nothing more: the SDK retries only a lost connection, not these. Each is
   * listened to again after a backoff (the WebSocket transport's), from where the page is; the
   * backoff starts over once that listen hears from Firestore.
   */
  const retries = new Map<string, { attempt: number; timer?: TimerHandle }>();
  const relisten = (key: string, again: () => void) => {
    const retry = retries.get(key) ?? { attempt: 0 };
    retries.set(key, retry);
    if (closed || retry.timer !== undefined) return;
    const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** retry.attempt);
    retry.attempt += 1;
    retry.timer = scheduler.setTimeout(() => {
      retry.timer = undefined;
      again();
    }, wait);
  };
  const heard = (key: string) => {
    const retry = retries.get(key);
    if (retry && retry.timer === undefined) retries.delete(key);
  };
  const stopRetry = (key: string) => {
    const timer = retries.get(key)?.timer;
    if (timer !== undefined) scheduler.clearTimeout(timer);
    retries.delete(key);
  };

  const listenRoom = (streamId: string) => {
    const room = rooms.get(streamId);
    if (!room || !port) return;
    room.stop();
    const since = room.sinceSeq();
    // A first subscribe folds the log into a snapshot, as the hub's answer would be.
    const fold = since === undefined ? new RoomLog(streamId) : null;
    // One answer lists its documents by seq, but a hole the server fills later (an event lost on
    // the bus) arrives after the events beyond it: those wait for it, so the feed is in seq order
    // as the hub's is. The first subscribe's fold holds them itself.
    let next = (since ?? 0) + 1;
    const held = new Map<number, RoomEvent>();
    const inOrder = (events: readonly RoomEvent[]): RoomEvent[] => {
      if (fold) return fold.add(events);
      for (const e of events) if (e.seq >= next) held.set(e.seq, e);
      const ready: RoomEvent[] = [];
      for (let e = held.get(next); e; e = held.get(next)) {
        ready.push(e);
        held.delete(next);
        next += 1;
      }
      return ready;
    };
    const head = () => (fold ? fold.lastSeq : next - 1);
    let first = true;
    /** The room's live listens: one, or two while a roll's successor has not yet answered. */
    const listens = new Set<() => void>();
    room.stop = () => {
      for (const stop of listens) stop();
      listens.clear();
    };
    const listen = (from: number, replaces?: () => void) => {
      let docs = 0;
      let answered = false;
      let rolled = false;
      let stop: () => void = () => undefined;
      const drop = () => {
        stop();
        listens.delete(drop);
      };
      listens.add(drop);
      stop = port!.listenEvents(streamId, from, {
        next: ({ added, fromCache }) => {
          // A cache-only first answer may be partial: wait for Firestore's own.
          if (!answered && fromCache) return first ? online(true) : undefined;
          if (!answered) {
            answered = true;
            replaces?.();
          }
          online(fromCache);
          if (!fromCache) heard(`room:${streamId}`);
          const parsedEvents: RoomEvent[] = [];
          for (const data of added) {
            const parsed = parseEventDoc(streamId, data);
            if (parsed.ok) parsedEvents.push(parsed.event);
            else invalidDocs$.next(parsed.error);
          }
          const events = inOrder(parsedEvents);
          if (first && fold) {
            events$.next({ type: 'snapshot', snapshot: fold.snapshot() });
          } else if (first || events.length > 0) {
            events$.next({ type: 'events', streamId, events });
          }
          first = false;
          docs += added.length;
          if (!rolled && docs >= ROLL_AFTER_DOCS) {
            rolled = true;
            listen(head(), drop);
          }
        },
        error: (code) => {
          if (code === 'permission-denied') return error('notFound', 'no such room', streamId);
          error('internal', `firestore: ${code}`, streamId);
          // Not live until the new listen hears from Firestore.
          setStatus('connecting');
          relisten(`room:${streamId}`, () => listenRoom(streamId));
        },
      });
    };
    listen(since ?? 0);
  };

  const listenMessages = (streamId: string) => {
    const room = rooms.get(streamId);
    if (!room || !port) return;
    room.stopMessages();
    room.stopMessages = port.listenMessages(streamId, scheduler.now() - MESSAGES_LOOKBACK_MS, {
      next: ({ added, fromCache }) => {
        if (!fromCache) heard(`messages:${streamId}`);
        for (const data of added) {
          const doc = MessageDoc.safeParse(data);
          const parsed = doc.success ? parseServerMessage(doc.data.message) : null;
          if (parsed?.ok) messages$.next(parsed.message);
          else invalidDocs$.next('not a message document');
        }
      },
      // The events listen reports a refusal, once.
      error: (code) => {
        if (code !== 'permission-denied') {
          relisten(`messages:${streamId}`, () => listenMessages(streamId));
        }
      },
    });
  };

  const listenList = () => {
    if (!list || !port) return;
    for (const stop of list.stops) stop();
    const sessionId = list.sessionId;
    const since = scheduler.now() - LIST_WINDOW_MS;
    // The hub's confirmation, said once every list has answered from Firestore: a read of the
    // list after it misses nothing (later changes arrive on the listens).
    const waiting = new Set(port.groupIds);
    const subscribed = () => messages$.next({ v: PROTOCOL_VERSION, type: 'streamsSubscribed' });
    if (waiting.size === 0) subscribed();
    list.stops = port.groupIds.map((groupId) =>
      port!.listenGroupStreams(groupId, since, {
        next: ({ added, modified, fromCache }) => {
          if (rooms.size === 0) online(fromCache);
          if (!fromCache) heard('list');
          for (const data of [...added, ...modified]) {
            const doc = GroupStreamDoc.safeParse(data);
            let stream: Stream | null = null;
            if (doc.success) {
              try {
                const parsed = Stream.safeParse(JSON.parse(doc.data.stream));
                if (parsed.success) stream = parsed.data;
              } catch {
                stream = null;
              }
            }
            if (!doc.success || !stream) {
              invalidDocs$.next('not a rooms-list document');
              continue;
            }
            if (sessionId !== undefined && stream.sessionId !== sessionId) continue;
            messages$.next(
              doc.data.removed
                ? { v: PROTOCOL_VERSION, type: 'streamRemove', id: stream.id }
                : { v: PROTOCOL_VERSION, type: 'streamUpsert', stream },
            );
          }
          if (!fromCache && waiting.delete(groupId) && waiting.size === 0) subscribed();
        },
        error: (code) => {
          error('internal', `firestore: ${code}`, groupId);
          if (code !== 'permission-denied') relisten('list', listenList);
        },
      }),
    );
  };

  /**
   * A followed session's changes, as the hub's `sessionChange` messages. Only changes from now on
   * matter (the page has just read the rest), less a margin for the two clocks.
   */
  const listenSession = (sessionId: string) => {
    if (!sessions.has(sessionId) || !port) return;
    sessions.get(sessionId)!();
    let first = true;
    const stop = port.listenSessionChanges(sessionId, scheduler.now() - MESSAGES_LOOKBACK_MS, {
      next: ({ added, fromCache }) => {
        if (first && fromCache) return;
        first = false;
        if (rooms.size === 0) online(fromCache);
        if (!fromCache) heard(`session:${sessionId}`);
        for (const data of added) {
          const doc = SessionChangeDoc.safeParse(data);
          let change: SessionChange | null = null;
          if (doc.success) {
            try {
              const parsed = SessionChange.safeParse(JSON.parse(doc.data.change));
              if (parsed.success && parsed.data.sessionId === sessionId) change = parsed.data;
            } catch {
              change = null;
            }
          }
          if (change) messages$.next({ v: PROTOCOL_VERSION, type: 'sessionChange', ...change });
          else invalidDocs$.next('not a session change document');
        }
      },
      error: (code) => {
        if (code === 'permission-denied') return error('notFound', 'no such session', sessionId);
        error('internal', `firestore: ${code}`, sessionId);
        relisten(`session:${sessionId}`, () => listenSession(sessionId));
      },
    });
    sessions.set(sessionId, stop);
  };

  /** The session feed's messages are answered here; the rest go to the control socket. */
  const send: RoomTransport['send'] = (message) => {
    if (message.type === 'subscribeSession') {
      // Sent again after each reconnect: a listen already running carries on.
      if (sessions.has(message.sessionId)) return true;
      sessions.set(message.sessionId, () => undefined);
      listenSession(message.sessionId);
      return true;
    }
    if (message.type === 'unsubscribeSession') {
      sessions.get(message.sessionId)?.();
      sessions.delete(message.sessionId);
      stopRetry(`session:${message.sessionId}`);
      return true;
    }
    return control?.send(message) ?? false;
  };

  connect().then(
    (p) => {
      if (closed) return p.close();
      port = p;
      if (rooms.size === 0) setStatus('open');
      for (const streamId of rooms.keys()) {
        listenRoom(streamId);
        listenMessages(streamId);
      }
      listenList();
      for (const sessionId of sessions.keys()) listenSession(sessionId);
    },
    () => setStatus('closed'),
  );

  return {
    messages$: messages$.asObservable(),
    events$: events$.asObservable(),
    status$: status$.asObservable(),
    invalidDocs$: invalidDocs$.asObservable(),
    status: () => status$.value,
    send,
    subscribeRoom: (streamId, sinceSeq) => {
      const existing = rooms.get(streamId);
      rooms.set(streamId, {
        sinceSeq,
        stop: existing?.stop ?? (() => undefined),
        stopMessages: existing?.stopMessages ?? (() => undefined),
      });
      listenRoom(streamId);
      if (!existing) listenMessages(streamId);
    },
    unsubscribeRoom: (streamId) => {
      const room = rooms.get(streamId);
      room?.stop();
      room?.stopMessages();
      rooms.delete(streamId);
      stopRetry(`room:${streamId}`);
      stopRetry(`messages:${streamId}`);
    },
    resync: (streamId) => listenRoom(streamId),
    subscribeStreamList: (sessionId) => {
      for (const stop of list?.stops ?? []) stop();
      list = { ...(sessionId === undefined ? {} : { sessionId }), stops: [] };
      listenList();
    },
    unsubscribeStreamList: () => {
      for (const stop of list?.stops ?? []) stop();
      list = null;
      stopRetry('list');
    },
    close: () => {
      for (const room of rooms.values()) {
        room.stop();
        room.stopMessages();
      }
      rooms.clear();
      for (const stop of list?.stops ?? []) stop();
      list = null;
      for (const stop of sessions.values()) stop();
      sessions.clear();
      for (const key of [...retries.keys()]) stopRetry(key);
      setStatus('closed');
      closed = true;
      controlSub?.unsubscribe();
      control?.close();
      port?.close();
      messages$.complete();
      events$.complete();
      status$.complete();
      invalidDocs$.complete();
    },
  };
};
