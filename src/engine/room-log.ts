import { Observable, defer, distinctUntilChanged, filter, map } from 'rxjs';
import type { RoomEvent, RoomFeed, RoomModel, RoomSnapshot } from '../contracts/stream';
import { initialRoomModel, reduceRoom } from './reducer';

/** Events held while waiting for a gap to fill; beyond this the newest are dropped. */
export const PENDING_MAX = 1024;

/** Seqs missing before the held events can be applied: `from`..`to`, both included. */
export interface RoomGap {
  from: number;
  to: number;
}

/**
 * One room's event log as every party holds it — the host's and followers' room clients, the
 * memory hub of the tests, the server's realtime hub and its sequencer: events are folded with
 * the engine's reducer in seq order; a duplicate (seq at or below the head, or already held) is
 * dropped; an event after a missing seq is held and the gap reported (`gap`) until it fills.
 * The model is the one fold everywhere (docs/architecture.md), so a snapshot the server sends and the
 * model a client folds cannot disagree. Pure bookkeeping: no time, no I/O.
 */
export class RoomLog {
  private current: RoomModel;
  private isLoaded = false;
  private readonly recent: RoomEvent[] = [];
  private readonly held = new Map<number, RoomEvent>();

  constructor(
    readonly streamId: string,
    /** How many applied events are kept for `eventsSince` (0: none; a client needs none). */
    private readonly replayMax = 0,
  ) {
    this.current = initialRoomModel(streamId);
  }

  /** The folded room. */
  get model(): RoomModel {
    return this.current;
  }

  /** The seq up to which nothing is missing (0: nothing yet). */
  get lastSeq(): number {
    return this.current.lastSeq;
  }

  /** Whether a snapshot or an in-order event has arrived (a client shows nothing before). */
  get loaded(): boolean {
    return this.isLoaded;
  }

  /** The seqs missing in front of the held events, or null when nothing is held. */
  get gap(): RoomGap | null {
    if (this.held.size === 0) return null;
    let first = Infinity;
    for (const seq of this.held.keys()) if (seq < first) first = seq;
    return { from: this.lastSeq + 1, to: first - 1 };
  }

  /**
   * Adds events (any order, duplicates allowed) and returns those that became applicable, in
   * seq order; they are folded into `model`. Events of another room are ignored.
   */
  add(events: readonly RoomEvent[]): RoomEvent[] {
    for (const e of events) {
      if (e.streamId !== this.streamId || e.seq <= this.lastSeq || this.held.has(e.seq)) continue;
      // What waits beyond a gap is bounded: the newest give way (a re-read brings them back).
      if (this.held.size >= PENDING_MAX) {
        let newest = -Infinity;
        for (const seq of this.held.keys()) if (seq > newest) newest = seq;
        if (e.seq > newest) continue;
        this.held.delete(newest);
      }
      this.held.set(e.seq, e);
    }
    return this.drain();
  }

  /**
   * Starts from a snapshot when it is newer than the head (or nothing was loaded yet); held
   * events after it are applied. Returns whether the model changed.
   */
  restore(snapshot: RoomSnapshot): boolean {
    if (snapshot.streamId !== this.streamId) return false;
    if (this.isLoaded && snapshot.seq < this.lastSeq) return false;
    this.current = { ...snapshot.model, lastSeq: snapshot.seq };
    this.isLoaded = true;
    // The replay window restarts at the snapshot: older events are not known to follow it.
    this.recent.length = 0;
    for (const seq of [...this.held.keys()]) if (seq <= snapshot.seq) this.held.delete(seq);
    this.drain();
    return true;
  }

  /** Takes one delivery of a transport; returns whether the model changed. */
  receive(feed: RoomFeed): boolean {
    if (feed.type === 'snapshot') return this.restore(feed.snapshot);
    if (feed.streamId !== this.streamId) return false;
    return this.add(feed.events).length > 0;
  }

  /**
   * The events after `sinceSeq` if the replay window still holds every one of them (an empty
   * list when nothing was missed), else null: the caller sends a snapshot instead.
   */
  eventsSince(sinceSeq: number): RoomEvent[] | null {
    if (sinceSeq > this.lastSeq) return null;
    if (sinceSeq === this.lastSeq) return [];
    const first = this.recent[0];
    if (!first || first.seq > sinceSeq + 1) return null;
    return this.recent.slice(sinceSeq + 1 - first.seq);
  }

  /** The room at the head, as a late joiner receives it. */
  snapshot(): RoomSnapshot {
    return { streamId: this.streamId, seq: this.lastSeq, model: this.current };
  }

  private drain(): RoomEvent[] {
    const applied: RoomEvent[] = [];
    for (let e = this.held.get(this.lastSeq + 1); e; e = this.held.get(this.lastSeq + 1)) {
      this.held.delete(e.seq);
      this.current = reduceRoom(this.current, e);
      this.isLoaded = true;
      applied.push(e);
      if (this.replayMax > 0) this.recent.push(e);
    }
    if (this.recent.length > this.replayMax) {
      this.recent.splice(0, this.recent.length - this.replayMax);
    }
    return applied;
  }
}

/**
 * The room model as an RxJS stream: a `RoomLog` fed by a transport's deliveries. Emits once the
 * first snapshot or in-order event has arrived, then on every change.
 */
export const roomModel$ =
  (streamId: string) =>
  (feed$: Observable<RoomFeed>): Observable<RoomModel> =>
    defer(() => {
      const log = new RoomLog(streamId);
      return feed$.pipe(
        map((feed) => {
          log.receive(feed);
          return log;
        }),
        filter((l) => l.loaded),
        map((l) => l.model),
        distinctUntilChanged(),
      );
    });
