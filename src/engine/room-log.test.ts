import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../contracts/stream';
import { initialRoomModel, reduceRoom } from './reducer';
import { PENDING_MAX, RoomLog } from './room-log';

const S = 'room-1';
const ev = (seq: number): RoomEvent => ({
  streamId: S,
  seq,
  type: seq % 2 ? 'play' : 'pause',
  serverTime: 1_000 * seq,
  effectiveAt: 1_000 * seq + 300,
  payload: {
    userId: 'host',
    status: seq % 2 ? 'playing' : 'paused',
    timeInVideo: seq,
    playbackRate: 1,
  },
});

describe('RoomLog', () => {
  it('holds an event after a gap until the gap fills, then delivers both in order', () => {
    const log = new RoomLog(S, 10);
    expect(log.add([ev(1)]).map((e) => e.seq)).toEqual([1]);
    expect(log.add([ev(3)])).toEqual([]);
    expect(log.gap).toEqual({ from: 2, to: 2 });
    expect(log.add([ev(2), ev(2), ev(1)]).map((e) => e.seq)).toEqual([2, 3]);
    expect(log.gap).toBeNull();
    expect(log.model).toEqual([ev(1), ev(2), ev(3)].reduce(reduceRoom, initialRoomModel(S)));
  });

  it('replays exactly the events after sinceSeq while the window holds them, else asks for a snapshot', () => {
    const log = new RoomLog(S, 3);
    log.add([1, 2, 3, 4, 5].map(ev));
    expect(log.eventsSince(5)).toEqual([]);
    expect(log.eventsSince(3)!.map((e) => e.seq)).toEqual([4, 5]);
    expect(log.eventsSince(2)!.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(log.eventsSince(1)).toBeNull(); // seq 2 left the window
    expect(log.eventsSince(9)).toBeNull(); // ahead of the log
    expect(log.snapshot()).toMatchObject({ streamId: S, seq: 5 });
  });

  it('starts from a newer snapshot, keeps the events held after it, and ignores an older one', () => {
    const log = new RoomLog(S, 10);
    expect(log.loaded).toBe(false);
    log.add([ev(5), ev(6)]);
    expect(log.loaded).toBe(false);
    expect(log.gap).toEqual({ from: 1, to: 4 });
    const at4 = [1, 2, 3, 4].map(ev).reduce(reduceRoom, initialRoomModel(S));
    expect(log.restore({ streamId: S, seq: 4, model: at4 })).toBe(true);
    expect(log.loaded).toBe(true);
    expect(log.lastSeq).toBe(6);
    expect(log.gap).toBeNull();
    expect(log.restore({ streamId: S, seq: 3, model: at4 })).toBe(false);
    expect(log.lastSeq).toBe(6);
    // The replay window restarts at the snapshot: 5 and 6 are there, nothing before.
    expect(log.eventsSince(4)!.map((e) => e.seq)).toEqual([5, 6]);
    expect(log.eventsSince(3)).toBeNull();
  });

  it('ignores events of another room and bounds what it holds beyond a gap', () => {
    const log = new RoomLog(S);
    expect(log.add([{ ...ev(1), streamId: 'other' }])).toEqual([]);
    expect(log.loaded).toBe(false);
    log.add(Array.from({ length: PENDING_MAX + 10 }, (_, i) => ev(i + 3)));
    expect(log.gap).toEqual({ from: 1, to: 2 });
    // The seqs that fill the gap always get in; the newest held give way for them.
    expect(log.add([ev(1), ev(2)]).length).toBe(PENDING_MAX);
    expect(log.lastSeq).toBe(PENDING_MAX);
    expect(log.gap).toBeNull();
  });
});
