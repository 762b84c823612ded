import { sql } from 'kysely';
import { RoomEvent } from '../../contracts/stream';
import type { Db } from '../db/database';
import { json, msOf } from '../db/json';
import type { RoomBus } from '../realtime/bus';

/** What an append decides on: the stream and the head of its log. */
export interface StreamHead {
  id: string;
  sessionId: string;
  hostUserId: string;
  isDeleted: boolean;
  /** The seq of the newest event (0: empty log). */
  lastSeq: number;
  /** The room's latest playback anchor (model.playback.updatedAt), epoch ms. */
  lastAnchor: number;
  terminated: boolean;
}

const PLAYBACK_TYPES = ['play', 'pause', 'skip', 'rateChange', 'terminate', 'ping'] as const;
const PLAYBACK = new Set<string>(PLAYBACK_TYPES);

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
 * promise chain), against a cached head of the log, so a host command costs one INSERT. The
 * primary key (stream_id, seq) is the guard across processes: when another instance took the
 * seq, the insert fails with a unique violation, the head is re-read from the database and the
 * append retried. Events are published on the room bus inside the per-stream turn, so the bus
 * sees them in seq order.
 */
export class StreamSequencer {
  private readonly heads = new Map<string, StreamHead>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
  ) {
    // Soft deletes made anywhere reach every instance's cache through the rooms-list channel.
    bus.subscribeStreamList(({ stream }) => {
      const head = this.heads.get(stream.id);
      if (head) head.isDeleted = stream.isDeleted;
    });
  }

  /** Forgets a cached head (after a change made outside the sequencer). */
  forget(streamId: string): void {
    this.heads.delete(streamId);
  }

  private async readHead(streamId: string): Promise<StreamHead | undefined> {
    const row = await this.db
      .selectFrom('streams')
      .select((eb) => [
        'streams.id',
        'streams.session_id',
        'streams.host_user_id',
        'streams.is_deleted',
        eb
          .selectFrom('stream_events')
          .select(sql<number>`coalesce(max(seq), 0)`.as('m'))
          .whereRef('stream_events.stream_id', '=', 'streams.id')
          .as('last_seq'),
        eb
          .selectFrom('stream_events')
          .select(sql<Date | null>`max(effective_at)`.as('a'))
          .whereRef('stream_events.stream_id', '=', 'streams.id')
          .where('stream_events.type', 'in', [...PLAYBACK_TYPES])
          .as('last_anchor'),
        eb
          .exists(
            eb
              .selectFrom('stream_events')
              .select('seq')
              .whereRef('stream_events.stream_id', '=', 'streams.id')
              .where('stream_events.type', '=', 'terminate'),
          )
          .as('terminated'),
      ])
      .where('streams.id', '=', streamId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      sessionId: row.session_id,
      hostUserId: row.host_user_id,
      isDeleted: row.is_deleted,
      lastSeq: Number(row.last_seq ?? 0),
      lastAnchor: row.last_anchor ? msOf(row.last_anchor) : 0,
      terminated: Boolean(row.terminated),
    };
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
        let head = this.heads.get(streamId);
        if (!head) {
          head = await this.readHead(streamId);
          if (head) {
            // Rooms live for hours; the oldest cached heads go first (re-read on next use).
            if (this.heads.size >= HEADS_MAX) this.heads.delete(this.heads.keys().next().value!);
            this.heads.set(streamId, head);
          }
        }
        const current = head;
        const write = async (db: Db): Promise<RoomEvent[]> => {
          const events = await build(current, (current?.lastSeq ?? 0) + 1, db);
          if (!current || events.length === 0) return [];
          for (const [i, e] of events.entries()) {
            const checked = RoomEvent.parse(e);
            if (checked.streamId !== streamId || checked.seq !== current.lastSeq + 1 + i) {
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
          if (isUniqueViolation(e) && attempt < MAX_ATTEMPTS) {
            // Another instance appended: re-read the head and stamp again.
            this.heads.delete(streamId);
            continue;
          }
          throw e;
        }
        if (!current || events.length === 0) return [];
        for (const e of events) {
          current.lastSeq = e.seq;
          if (PLAYBACK.has(e.type) && !current.terminated) {
            current.lastAnchor = Math.max(current.lastAnchor, e.effectiveAt);
          }
          if (e.type === 'terminate') current.terminated = true;
        }
        await this.bus.publishRoom({ kind: 'events', streamId, events });
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
