import { describe, expect, it } from 'vitest';
import { createGuestTimeMeter, GUEST_TIME_MAX_STEP_MS, readGuestTime } from './guest-time';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
};

describe('guest time meter', () => {
  it('counts the time between two reads that both found the video playing', () => {
    const c = clock();
    const meter = createGuestTimeMeter(c.now);
    meter.tick(true);
    c.advance(1000);
    meter.tick(true);
    c.advance(1000);
    meter.tick(true);
    expect(meter.take()).toBe(2);
    expect(meter.take()).toBe(0);
  });

  it('does not count paused time, nor the step in which play started or stopped', () => {
    const c = clock();
    const meter = createGuestTimeMeter(c.now);
    meter.tick(false);
    c.advance(5000);
    meter.tick(true); // started within these 5 s: not counted
    c.advance(3000);
    meter.tick(true);
    c.advance(4000);
    meter.tick(false); // paused within these 4 s: not counted
    c.advance(10_000);
    meter.tick(false);
    expect(meter.take()).toBe(3);
  });

  it('keeps the fraction of a second for the next take', () => {
    const c = clock();
    const meter = createGuestTimeMeter(c.now);
    meter.tick(true);
    c.advance(1500);
    meter.tick(true);
    expect(meter.take()).toBe(1);
    c.advance(700);
    meter.tick(true);
    expect(meter.take()).toBe(1);
  });

  it('counts a background tab’s minute-long steps but not a machine that slept', () => {
    const c = clock();
    const meter = createGuestTimeMeter(c.now);
    meter.tick(true);
    c.advance(60_000);
    meter.tick(true);
    c.advance(GUEST_TIME_MAX_STEP_MS + 1);
    meter.tick(true);
    expect(meter.take()).toBe(60);
  });
});

describe('readGuestTime', () => {
  it('reads under a minute, minutes, then hours and minutes', () => {
    expect(readGuestTime(0)).toEqual({ kind: 'underMinute' });
    expect(readGuestTime(59)).toEqual({ kind: 'underMinute' });
    expect(readGuestTime(60)).toEqual({ kind: 'minutes', m: 1 });
    expect(readGuestTime(3599)).toEqual({ kind: 'minutes', m: 59 });
    expect(readGuestTime(3600 + 5 * 60 + 59)).toEqual({ kind: 'hours', h: 1, m: 5 });
  });
});
