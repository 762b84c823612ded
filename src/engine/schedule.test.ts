import { describe, expect, it } from 'vitest';
import { StreamCommand } from '../contracts/stream';
import { expectedPosition, initialRoomModel, reduceRoom } from './reducer';
import {
  buildHostCommand,
  MAX_SCHEDULE_LEAD_MS,
  MIN_SCHEDULE_LEAD_MS,
  scheduleEffectiveAt,
  scheduleLead,
  stampHostCommand,
} from './schedule';
import { CLASS_RTT_MAX_AGE_MS, classRoundTrip } from './room-client';
import { hostEvent, playback } from './testing/events';

const S = 'room';
const T = 1_700_000_000_000;
const ctx = { model: initialRoomModel(S), serverTime: T, userId: 'h' };

describe('scheduling', () => {
  it('leads by half the host’s and half the class’s round trip plus 60 ms, 100 ms to 2 s', () => {
    // A 50 ± 20 ms link: median round trips ~100 ms, so the class acts ~160 ms after the click.
    expect(scheduleLead(100)).toBe(160);
    expect(scheduleLead(100, 100)).toBe(160);
    // The class's round trip sets the second half.
    expect(scheduleLead(100, 400.2)).toBe(311);
    expect(scheduleLead(0)).toBe(MIN_SCHEDULE_LEAD_MS);
    expect(scheduleLead(9000)).toBe(MAX_SCHEDULE_LEAD_MS);
    expect(scheduleLead(100, 9000)).toBe(MAX_SCHEDULE_LEAD_MS);
    expect(scheduleEffectiveAt(T, 500)).toBe(T + 560);
  });

  it('the class’s round trip is the median of the recent follower reports', () => {
    const at = T;
    const status = (userId: string, rttMs: number | undefined, age: number) => ({
      userId,
      driftMs: 0,
      buffering: false,
      position: 0,
      at: at - age,
      ...(rttMs === undefined ? {} : { rttMs }),
    });
    expect(classRoundTrip({}, at)).toBeUndefined();
    expect(
      classRoundTrip(
        {
          a: status('a', 120, 0),
          b: status('b', 180, 2000),
          // One device on a slow CPU does not hold the whole class back.
          e: status('e', 2400, 0),
          // Stale (left the room, or its reports stopped): not counted.
          c: status('c', 900, CLASS_RTT_MAX_AGE_MS + 1),
          // An older client that reports no round trip.
          d: status('d', undefined, 0),
        },
        at,
      ),
    ).toBe(180);
  });

  it('the host builds a pause at the position the room will have when it takes effect', () => {
    const playing = reduceRoom(initialRoomModel(S), hostEvent(S, 1, T, playback('play', 10, T)));
    const cmd = buildHostCommand(playing, { type: 'pause' }, T + 5000, 100, 300);
    expect(StreamCommand.safeParse(cmd).success).toBe(true);
    expect(cmd).toMatchObject({ type: 'pause', status: 'paused', effectiveAt: T + 5260 });
    expect(cmd.timeInVideo).toBeCloseTo(15.26, 9);
    const rate = buildHostCommand(playing, { type: 'rateChange', rate: 1.5 }, T + 1000, 0);
    expect(rate).toMatchObject({ type: 'rateChange', status: 'playing', playbackRate: 1.5 });
    const skip = buildHostCommand(playing, { type: 'skip', to: 99 }, T, 0);
    expect(skip).toMatchObject({ type: 'skip', timeInVideo: 99, status: 'playing' });
  });

  it('a heartbeat that agrees with the timeline within 50 ms restates it, so it moves nobody', () => {
    const playing = reduceRoom(initialRoomModel(S), hostEvent(S, 1, T, playback('play', 10, T)));
    // The host's player reads 24 ms ahead (as Chromium's did in bench:sync), at a fractional ms.
    const ping = buildHostCommand(
      playing,
      { type: 'ping', position: 20.0244, status: 'playing' },
      T + 10_000.4,
      0,
    );
    expect(ping).toMatchObject({ type: 'ping', effectiveAt: T + 10_000 });
    const after = reduceRoom(playing, hostEvent(S, 2, T + 10_050, ping, T));
    expect(after.playback.effectiveAt).toBe(T + 10_000);
    for (const t of [T + 10_000, T + 12_345, T + 60_000]) {
      expect(expectedPosition(after, t)).toBeCloseTo(expectedPosition(playing, t), 9);
    }
    // Beyond the bound (the host driver sends none) it carries the measurement, which the fold
    // then ignores as stale.
    const off = buildHostCommand(
      playing,
      { type: 'ping', position: 20.2, status: 'playing' },
      T + 10_000,
      0,
    );
    expect(off.timeInVideo).toBe(20.2);
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
