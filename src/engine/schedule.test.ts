import { describe, expect, it } from 'vitest';
import { StreamCommand } from '../contracts/stream';
import { expectedPosition, initialRoomModel, reduceRoom } from './reducer';
import {
  buildHostCommand,
  MAX_SCHEDULE_LEAD_MS,
  scheduleEffectiveAt,
  scheduleLead,
  stampHostCommand,
} from './schedule';
import { hostEvent, playback } from './testing/events';

const S = 'room';
const T = 1_700_000_000_000;
const ctx = { model: initialRoomModel(S), serverTime: T, userId: 'h' };

describe('scheduling', () => {
  it('leads by max(p95 round trip, 300 ms), at most 2 s', () => {
    expect(scheduleLead(0)).toBe(300);
    expect(scheduleLead(120)).toBe(300);
    expect(scheduleLead(450.2)).toBe(451);
    expect(scheduleLead(9000)).toBe(MAX_SCHEDULE_LEAD_MS);
    expect(scheduleEffectiveAt(T, 500)).toBe(T + 500);
  });

  it('the host builds a pause at the position the room will have when it takes effect', () => {
    const playing = reduceRoom(initialRoomModel(S), hostEvent(S, 1, T, playback('play', 10, T)));
    const cmd = buildHostCommand(playing, { type: 'pause' }, T + 5000, 100);
    expect(StreamCommand.safeParse(cmd).success).toBe(true);
    expect(cmd).toMatchObject({ type: 'pause', status: 'paused', effectiveAt: T + 5300 });
    expect(cmd.timeInVideo).toBeCloseTo(15.3, 9);
    const rate = buildHostCommand(playing, { type: 'rateChange', rate: 1.5 }, T + 1000, 0);
    expect(rate).toMatchObject({ type: 'rateChange', status: 'playing', playbackRate: 1.5 });
    const skip = buildHostCommand(playing, { type: 'skip', to: 99 }, T, 0);
    expect(skip).toMatchObject({ type: 'skip', timeInVideo: 99, status: 'playing' });
    const ping = buildHostCommand(
      playing,
      { type: 'ping', position: 20.01, status: 'playing' },
      T + 10_000,
      0,
    );
    expect(ping).toMatchObject({ type: 'ping', timeInVideo: 20.01, effectiveAt: T + 10_000 });
  });

  it('the server clamps the effective time to [now, now + 2 s] and never before the last anchor', () => {
    expect(stampHostCommand(playback('play', 0, T - 5000), ctx).effectiveAt).toBe(T);
    expect(stampHostCommand(playback('play', 0, T + 400), ctx).effectiveAt).toBe(T + 400);
    expect(stampHostCommand(playback('play', 0, T + 60_000), ctx).effectiveAt).toBe(T + 2000);
    expect(
      stampHostCommand(playback('play', 0, T), {
        ...ctx,
        model: { ...ctx.model, playback: { ...ctx.model.playback, effectiveAt: T + 700 } },
      }).effectiveAt,
    ).toBe(T + 700);
  });

  it('a heartbeat keeps its measurement time, at most 5 s old and never in the future', () => {
    expect(stampHostCommand(playback('ping', 3, T - 200), ctx).effectiveAt).toBe(T - 200);
    expect(stampHostCommand(playback('ping', 3, T - 60_000), ctx).effectiveAt).toBe(T - 5000);
    expect(stampHostCommand(playback('ping', 3, T + 900), ctx).effectiveAt).toBe(T);
  });

  it('a late play still starts from the commanded position (nobody skips content)', () => {
    const event = stampHostCommand(playback('play', 42, T - 3000), ctx);
    const model = reduceRoom(initialRoomModel(S), event);
    expect(expectedPosition(model, T)).toBe(42);
    expect(event.payload).toMatchObject({ userId: 'h', timeInVideo: 42 });
  });

  it('carries vote extras into the event', () => {
    const event = stampHostCommand(
      {
        type: 'vote',
        status: 'playing',
        timeInVideo: 1,
        playbackRate: 1,
        effectiveAt: T,
        timedAction: { start: 1, action: 'vote', params: { choices: ['a', 'b'] } },
        active: true,
        voteId: 'v1',
        showResult: true,
      },
      ctx,
    );
    const model = reduceRoom(initialRoomModel(S), event);
    expect(model.vote).toMatchObject({ voteId: 'v1', showResult: true, effectiveAt: T });
  });
});
