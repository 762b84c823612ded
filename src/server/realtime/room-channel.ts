import type { RoomEvent, RoomModel, RoomSnapshot } from '../../contracts/stream';
import { initialRoomModel, reduceRoom } from '../../engine/reducer';

/**
 * One room as a hub process holds it: the model folded with the engine's reducer (the snapshot a
 * late joiner receives), the most recent events (what a reconnecting client may replay), and an
 * ordering buffer so events arriving out of seq order (several publishers) go out in order.
 * Pure bookkeeping: no sockets, no I/O, so the hub and its tests share it.
 */
export class RoomLog {
  private current: RoomModel;
  private readonly recent: RoomEvent[] = [];
  private readonly pending = new Map<number, RoomEvent>();

  constructor(
    readonly streamId: string,
    /** How many recent events are kept for replay; an older sinceSeq gets a snapshot. */
    private readonly replayMax: number,
  ) {
    this.current = initialRoomModel(streamId);
  }

  get model(): RoomModel {
    return this.current;
  }

  get lastSeq(): number {
    return this.current.lastSeq;
  }

  /** Whether events are held waiting for a gap to fill. */
  get hasGap(): boolean {
    return this.pending.size > 0;
  }

  /**
   * Adds events (any order, duplicates allowed) and returns those that became deliverable, in
   * seq order. An event after a gap is held until the gap fills.
   */
  add(events: readonly RoomEvent[]): RoomEvent[] {
    for (const e of events) {
      if (e.streamId === this.streamId && e.seq > this.current.lastSeq) this.pending.set(e.seq, e);
    }
    const delivered: RoomEvent[] = [];
    for (let e = this.pending.get(this.lastSeq + 1); e; e = this.pending.get(this.lastSeq + 1)) {
      this.pending.delete(e.seq);
      this.current = reduceRoom(this.current, e);
      this.recent.push(e);
      delivered.push(e);
    }
    if (this.recent.length > this.replayMax) {
      this.recent.splice(0, this.recent.length - this.replayMax);
    }
    return delivered;
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

  snapshot(): RoomSnapshot {
    return { streamId: this.streamId, seq: this.lastSeq, model: this.current };
  }
}
