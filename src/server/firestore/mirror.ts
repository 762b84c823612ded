import type { Firestore } from 'firebase-admin/firestore';
import {
  FS,
  type EventDoc,
  type GroupStreamDoc,
  type MessageDoc,
  type SessionChangeDoc,
  type StreamAccessDoc,
  sessionFeedsOf,
} from '../../contracts/firestore';
import type { RoomEvent } from '../../contracts/stream';
import type { Db } from '../db/database';
import type {
  RoomBus,
  RoomBusMessage,
  SessionBusMessage,
  StreamListBusMessage,
  Unsubscribe,
} from '../realtime/bus';
import { findStream, loadEvents, schoolsOfGroups } from '../streams/repository';

/** gRPC ALREADY_EXISTS: another instance (or an earlier try) appended the same document. */
const ALREADY_EXISTS = 6;

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Writes what the room bus carries to Firestore, after every check the server already made (the
 * bus carries only stored, stamped events): room events as append-only documents, room
 * broadcasts, and the rooms lists. Writes of one room run one at a time in seq order; a seq the
 * bus skipped (lost on Redis, stored elsewhere) is read from the database log first, so the
 * Firestore log of a room is contiguous like the database's. Documents are created, never
 * rewritten (`create`: a second writer of the same seq is a no-op).
 */
export class FirestoreMirror {
  /** Per room: the writes in flight (one chain) and the last seq known to be in Firestore. */
  private readonly rooms = new Map<string, { chain: Promise<void>; lastSeq: number | null }>();
  /** Rooms whose access document is written (it must exist before anyone can read events). */
  private readonly known = new Set<string>();
  /** Session changes being written (independent of each other: no order to keep). */
  private readonly changes = new Set<Promise<void>>();
  private closed = false;

  constructor(
    readonly firestore: Firestore,
    private readonly db: Db,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  private room(streamId: string) {
    let r = this.rooms.get(streamId);
    if (!r) this.rooms.set(streamId, (r = { chain: Promise.resolve(), lastSeq: null }));
    return r;
  }

  private enqueue(streamId: string, work: () => Promise<void>): Promise<void> {
    const r = this.room(streamId);
    const next = r.chain.then(work).catch((err: unknown) => {
      // Forget the head: the next write re-reads it and fills what this one missed.
      r.lastSeq = null;
      this.log.error({ err, streamId }, 'firestore write failed');
    });
    r.chain = next;
    return next;
  }

  /** Writes the room's access document from the database (host, groups, their schools). */
  async writeAccess(streamId: string): Promise<boolean> {
    const row = await findStream(this.db, streamId);
    if (!row) return false;
    const doc: StreamAccessDoc = {
      hostUserId: row.host_user_id,
      groupIds: row.group_ids,
      schoolIds: await schoolsOfGroups(this.db, row.group_ids),
      sessionId: row.session_id,
      at: Math.floor(this.now()),
    };
    await this.firestore.doc(FS.stream(streamId)).set(doc);
    this.known.add(streamId);
    return true;
  }

  private async lastStoredSeq(streamId: string): Promise<number> {
    const last = await this.firestore
      .collection(FS.events(streamId))
      .orderBy('seq', 'desc')
      .limit(1)
      .get();
    const seq: unknown = last.docs[0]?.get('seq');
    return typeof seq === 'number' ? seq : 0;
  }

  private async append(streamId: string, events: readonly RoomEvent[]): Promise<void> {
    const r = this.room(streamId);
    if (!this.known.has(streamId) && !(await this.writeAccess(streamId))) return;
    r.lastSeq ??= await this.lastStoredSeq(streamId);
    const fresh = [...events].filter((e) => e.seq > (r.lastSeq ?? 0)).sort((a, b) => a.seq - b.seq);
    const first = fresh[0];
    if (!first) return;
    // Whatever the bus skipped comes from the record, so readers never wait on a hole.
    const missing =
      first.seq > r.lastSeq + 1
        ? (await loadEvents(this.db, streamId, r.lastSeq)).filter((e) => e.seq < first.seq)
        : [];
    const all = [...missing, ...fresh];
    const unique = all.filter((e, i) => i === 0 || e.seq !== all[i - 1]!.seq);
    await Promise.all(
      unique.map(async (event) => {
        const doc: EventDoc = { seq: event.seq, event: JSON.stringify(event) };
        try {
          await this.firestore
            .collection(FS.events(streamId))
            .doc(FS.eventId(event.seq))
            .create(doc);
        } catch (err) {
          if ((err as { code?: unknown }).code !== ALREADY_EXISTS) throw err;
        }
      }),
    );
    r.lastSeq = unique[unique.length - 1]!.seq;
  }

  /** A bus message of a room: events are appended, broadcasts stored; `toUser` stays on /ws. */
  room$(message: RoomBusMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (message.type === 'events') {
      return this.enqueue(message.streamId, () => this.append(message.streamId, message.events));
    }
    if (message.type === 'broadcast') {
      const doc: MessageDoc = {
        at: Math.floor(this.now()),
        message: JSON.stringify(message.message),
      };
      return this.enqueue(message.streamId, async () => {
        if (!this.known.has(message.streamId)) await this.writeAccess(message.streamId);
        await this.firestore.collection(FS.messages(message.streamId)).add(doc);
      });
    }
    return Promise.resolve();
  }

  /** A room created, changed or ended: its access document and every list it is (was) in. */
  streamList({ stream, previousGroupIds, ended }: StreamListBusMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    return this.enqueue(stream.id, async () => {
      await this.writeAccess(stream.id);
      const at = Math.floor(this.now());
      const json = JSON.stringify(stream);
      const removed = stream.isDeleted || ended === true;
      const batch = this.firestore.batch();
      for (const groupId of new Set([...stream.groupIds, ...previousGroupIds])) {
        const doc: GroupStreamDoc = {
          at,
          removed: removed || !stream.groupIds.includes(groupId),
          stream: json,
        };
        batch.set(this.firestore.collection(FS.groupStreams(groupId)).doc(stream.id), doc);
      }
      await batch.commit();
    });
  }

  /**
   * A session change (a new output, reaction, comment …): one new document in each feed whose
   * readers hear it (the actor's school or the actor, and provider staff), in one batch. Each is a
   * fresh document, so a class reacting at once never rewrites one document.
   */
  sessionChange({ change, actorId, schoolId }: SessionBusMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    const doc: SessionChangeDoc = { at: Math.floor(this.now()), change: JSON.stringify(change) };
    const batch = this.firestore.batch();
    for (const feed of sessionFeedsOf(actorId, schoolId)) {
      batch.create(this.firestore.collection(FS.sessionChanges(change.sessionId, feed)).doc(), doc);
    }
    const write: Promise<void> = batch.commit().then(
      () => undefined,
      (err: unknown) =>
        this.log.error({ err, sessionId: change.sessionId }, 'firestore write failed'),
    );
    this.changes.add(write);
    void write.finally(() => this.changes.delete(write));
    return write;
  }

  /** Waits for every write in flight (tests, shutdown). */
  async flush(): Promise<void> {
    await Promise.all([...this.rooms.values()].map((r) => r.chain));
    await Promise.all([...this.changes]);
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}

/**
 * The room bus with Firestore beside it: every message is delivered as before (the /ws hub keeps
 * working, e.g. for follower reports and the clock) and also handed to the mirror. Only the
 * instance that published writes, so with Redis each event is written once. A room event's
 * publisher does not wait for Firestore, as it never waits for Redis.
 */
export class MirroredRoomBus implements RoomBus {
  constructor(
    private readonly inner: RoomBus,
    private readonly mirror: FirestoreMirror,
  ) {
    if (inner.roomSubscribed) {
      this.roomSubscribed = (streamId) => inner.roomSubscribed!(streamId);
    }
    if (inner.onReconnect) this.onReconnect = (listener) => inner.onReconnect!(listener);
  }

  roomSubscribed?: (streamId: string) => Promise<void>;
  onReconnect?: (listener: () => void) => Unsubscribe;

  publishRoom(message: RoomBusMessage): Promise<void> {
    void this.mirror.room$(message);
    return this.inner.publishRoom(message);
  }

  subscribeRoom(streamId: string, listener: (message: RoomBusMessage) => void): Unsubscribe {
    return this.inner.subscribeRoom(streamId, listener);
  }

  /**
   * Waits for Firestore (a room's creation or change, rare): the room's access document exists
   * before its creation is answered, so its host's page can read it at once.
   */
  async publishStreamList(message: StreamListBusMessage): Promise<void> {
    await this.mirror.streamList(message);
    return this.inner.publishStreamList(message);
  }

  subscribeStreamList(listener: (message: StreamListBusMessage) => void): Unsubscribe {
    return this.inner.subscribeStreamList(listener);
  }

  /**
   * Session pages' hints (issue 14's live pages): written to Firestore, where the pages of this
   * backend read them, and delivered on the inner bus as before. The publisher (the request that
   * made the change) does not wait for Firestore.
   */
  publishSession(message: SessionBusMessage): Promise<void> {
    void this.mirror.sessionChange(message);
    return this.inner.publishSession(message);
  }

  subscribeSessions(listener: (message: SessionBusMessage) => void): Unsubscribe {
    return this.inner.subscribeSessions(listener);
  }

  async close(): Promise<void> {
    await this.mirror.close();
    await this.inner.close();
  }
}
