import { describe, expect, it } from 'vitest';
import type { RoomEvent } from '../../contracts/stream';
import { initialRoomModel, reduceRoom } from '../../engine/reducer';
import { RoomLog } from './room-channel';

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
    expect(log.hasGap).toBe(true);
    expect(log.add([ev(2), ev(2), ev(1)]).map((e) => e.seq)).toEqual([2, 3]);
    expect(log.hasGap).toBe(false);
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
});
