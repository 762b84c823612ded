import { RoomEvent, type RoomModel } from '../../contracts/stream';
import { RoomLog } from '../../engine/room-log';
import type { Db } from '../db/database';
import { json } from '../db/json';
import type { RoomBus } from '../realtime/bus';
import { loadEvents } from './repository';

/**
 * What an append decides on: the stream's facts and its log's head, which is the engine's own
 * fold of the log (`model`: lastSeq, the latest playback anchor, terminated …) — never a second
 * reading of the events by hand.
 */
export interface StreamHead {
  id: string;
  sessionId: string;
  hostUserId: string;
  isDeleted: boolean;
  /** The room as the engine's reducer folds its whole log. */
  model: RoomModel;
}

/** A cached head: the facts and the room log that folds every event appended or read back. */
interface CachedHead {
  facts: Omit<StreamHead, 'model'>;
  log: RoomLog;
}

const headOf = (h: CachedHead): StreamHead => ({ ...h.facts, model: h.log.model });

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && e.code === '23505';

export type BuildEvents = (
  head: StreamHead | undefined,
  firstSeq: number,
  db: Db,
) => RoomEvent[] | Promise<RoomEvent[]>;

/** Cached log heads kept per process. */
const HEADS_MAX = 10_000;

/** After this many seq collisions in a row (other instances appending) an append gives up. */
const MAX_ATTEMPTS = 5;

/**
 * Appends to stream event logs. Per stream, appends in this process run one at a time (a
 * promise chain), against a cached head of the log — the engine's `RoomLog` over the events —
 * so a host command costs one INSERT. The primary key (stream_id, seq) is the guard across
 * processes: when another instance took the seq, the insert fails with a unique violation, the
 * events after the cached head are read back and folded, and the append retried. Events are
 * published on the room bus inside the per-stream turn, so the bus sees them in seq order.
 */
export class StreamSequencer {
  private readonly heads = new Map<string, CachedHead>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
  ) {
    // Soft deletes made anywhere reach every instance's cache through the rooms-list channel.
    bus.subscribeStreamList(({ stream }) => {
      const head = this.heads.get(stream.id);
      if (head) head.facts.isDeleted = stream.isDeleted;
    });
  }

  /** Forgets a cached head (after a change made outside the sequencer). */
  forget(streamId: string): void {
    this.heads.delete(streamId);
  }

  /** The head of a stream's log (undefined: no such stream), in the stream's turn. */
  head(streamId: string): Promise<StreamHead | undefined> {
    return this.inTurn(streamId, async () => {
      const cached = await this.cachedHead(streamId);
      return cached ? headOf(cached) : undefined;
    });
  }

  private async cachedHead(streamId: string): Promise<CachedHead | undefined> {
    const cached = this.heads.get(streamId);
    if (cached) return cached;
    const row = await this.db
      .selectFrom('streams')
      .select(['id', 'session_id', 'host_user_id', 'is_deleted'])
      .where('id', '=', streamId)
      .executeTakeFirst();
    if (!row) return undefined;
    const log = new RoomLog(streamId);
    log.add(await loadEvents(this.db, streamId));
    const head: CachedHead = {
      facts: {
        id: row.id,
        sessionId: row.session_id,
        hostUserId: row.host_user_id,
        isDeleted: row.is_deleted,
      },
      log,
    };
    // Rooms live for hours; the oldest cached heads go first (re-read on next use).
    if (this.heads.size >= HEADS_MAX) this.heads.delete(this.heads.keys().next().value!);
    this.heads.set(streamId, head);
    return head;
  }

  /** Runs `task` after every earlier task of the same stream in this process. */
  private inTurn<T>(streamId: string, task: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(streamId) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.turns.set(streamId, settled);
    void settled.then(() => {
      if (this.turns.get(streamId) === settled) this.turns.delete(streamId);
    });
    return run;
  }

  /**
   * Appends the events `build` returns (seq firstSeq, firstSeq + 1, …; none: nothing stored) and
   * publishes them. `build` sees the head (undefined: no such stream) and may throw to refuse.
   * With `transaction`, `build` gets a transaction and its own writes (an activity row) commit
   * with the events or not at all; otherwise the events are one INSERT.
   */
  append(
    streamId: string,
    build: BuildEvents,
    options: { transaction?: boolean } = {},
  ): Promise<RoomEvent[]> {
    return this.inTurn(streamId, async () => {
      for (let attempt = 1; ; attempt++) {
        const cached = await this.cachedHead(streamId);
        const current = cached ? headOf(cached) : undefined;
        const write = async (db: Db): Promise<RoomEvent[]> => {
          const events = await build(current, (current?.model.lastSeq ?? 0) + 1, db);
          if (!current || events.length === 0) return [];
          for (const [i, e] of events.entries()) {
            const checked = RoomEvent.parse(e);
            if (checked.streamId !== streamId || checked.seq !== current.model.lastSeq + 1 + i) {
              throw new Error('StreamSequencer: events must continue the log');
            }
          }
          await db
            .insertInto('stream_events')
            .values(
              events.map((e) => ({
                stream_id: streamId,
                seq: e.seq,
                type: e.type,
                payload: json(e.payload),
                user_id: e.payload.userId,
                server_time: new Date(e.serverTime),
                effective_at: new Date(e.effectiveAt),
              })),
            )
            .execute();
          return events;
        };
        let events: RoomEvent[];
        try {
          events = options.transaction
            ? await this.db.transaction().execute((trx) => write(trx))
            : await write(this.db);
        } catch (e) {
          if (isUniqueViolation(e) && attempt < MAX_ATTEMPTS && cached) {
            // Another instance appended: fold what it stored, then stamp again.
            cached.log.add(await loadEvents(this.db, streamId, cached.log.lastSeq));
            continue;
          }
          throw e;
        }
        if (!cached || events.length === 0) return [];
        cached.log.add(events);
        await this.bus.publishRoom({ type: 'events', streamId, events });
        return events;
      }
    });
  }
}

const sequencers = new WeakMap<Db, StreamSequencer>();

/** The app's one sequencer (keyed by its database, so every route shares the same turns). */
export function sequencerFor(db: Db, bus: RoomBus): StreamSequencer {
  let s = sequencers.get(db);
  if (!s) sequencers.set(db, (s = new StreamSequencer(db, bus)));
  return s;
}
