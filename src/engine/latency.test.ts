import { describe, expect, it } from 'vitest';
import {
  createFlushedStartLatency,
  createRateLatency,
  createResumeLatency,
  createSeekLatency,
  FLUSHED_START_PRIOR_MS,
  INITIAL_SEEK_LATENCY_MS,
  type PlayerReading,
} from './latency';

const reading = (r: Partial<PlayerReading>): PlayerReading => ({
  now: 0,
  position: 0,
  paused: false,
  buffering: false,
  seeking: false,
  rate: 1,
  ...r,
});

describe('the player latency estimators', () => {
  it('seek: a moving average of issue-to-landing, so one slow seek does not rule the next', () => {
    const seek = createSeekLatency();
    expect(seek.ms).toBe(INITIAL_SEEK_LATENCY_MS);
    seek.issued(1000);
    expect(seek.issuedAt).toBe(1000);
    seek.landed(1100);
    expect(seek.ms).toBe(200);
    expect(seek.issuedAt).toBeNull();
    seek.issued(2000);
    seek.landed(4000);
    expect(seek.ms).toBe(1100);
    seek.landed(9000); // no seek under way: nothing to measure
    expect(seek.ms).toBe(1100);
  });

  it('resume: the time play() took to move the position, ignoring stalls and seeks', () => {
    const resume = createResumeLatency();
    resume.started(1000, 10);
    resume.read(reading({ now: 1100, position: 10, seeking: true }), 1);
    resume.read(reading({ now: 1150, position: 10 }), 1); // not moved yet
    expect(resume.ms).toBe(0);
    // At 1.0×, 0.1 s moved by 1200 ms: it started 100 ms after play().
    resume.read(reading({ now: 1200, position: 10.1 }), 1);
    expect(resume.ms).toBeCloseTo(100);
    resume.started(2000, 20);
    resume.read(reading({ now: 2900, position: 20.1 }), 1); // 800 ms: a stall, not a restart
    expect(resume.ms).toBeCloseTo(100);
    resume.started(3000, 30);
    resume.read(reading({ now: 3100, paused: true }), 1); // paused again: the probe is dropped
    resume.read(reading({ now: 3300, position: 30.1 }), 1);
    expect(resume.ms).toBeCloseTo(100);
  });

  it('flushed start: the prior until a start after a seek while paused is measured after settling', () => {
    const flushed = createFlushedStartLatency(300);
    expect(flushed.ms).toBe(FLUSHED_START_PRIOR_MS);
    flushed.started(0, 5); // no flush before it: not sampled
    flushed.read(reading({ now: 400, position: 5.4 }));
    expect(flushed.ms).toBe(FLUSHED_START_PRIOR_MS);
    flushed.seekedWhilePaused();
    expect(flushed.flushed).toBe(true);
    flushed.started(1000, 10);
    expect(flushed.flushed).toBe(false);
    flushed.read(reading({ now: 1200, position: 10.15 })); // inside the settle window
    flushed.read(reading({ now: 1400, position: 10.3 })); // 400 ms, moved 300 ms: 100 ms late
    expect(flushed.ms).toBeCloseTo(100);
    flushed.seekedWhilePaused();
    flushed.resumed(); // a restart after a hold clears the flush without a sample
    expect(flushed.flushed).toBe(false);
  });

  it('rate: the median of the latest steps, a small step or a stall not counted', () => {
    const rate = createRateLatency();
    const at = (now: number, position: number) => ({
      now,
      position,
      paused: false,
      seeking: false,
    });
    rate.set(at(0, 0), 1, 1.05); // too small a step to read
    rate.read(reading({ now: 500, position: 0.5 }));
    expect(rate.ms).toBe(0);
    // 1.0 → 1.5 at t=0; at 1000 ms it moved 1.46 s: (1000 × 1.5 − 1460) ÷ 0.5 = 80 ms.
    rate.set(at(0, 0), 1, 1.5);
    rate.read(reading({ now: 50, position: 0.05 })); // too soon to read
    rate.read(reading({ now: 1000, position: 1.46 }));
    expect(rate.ms).toBeCloseTo(80);
    for (const moved of [1.44, 1.45]) {
      rate.set(at(0, 0), 1, 1.5);
      rate.read(reading({ now: 1000, position: moved }));
    }
    expect(rate.ms).toBeCloseTo(100); // samples 80, 120, 100
    rate.set(at(0, 0), 1, 1.5);
    rate.read(reading({ now: 1000, position: 1 })); // 1,000 ms late: a stall
    expect(rate.ms).toBeCloseTo(100);
    rate.set(at(0, 0), 1, 1.5);
    rate.read(reading({ now: 1000, position: 1.46, buffering: true })); // dropped
    rate.read(reading({ now: 1200, position: 1.76 }));
    expect(rate.ms).toBeCloseTo(100);
  });
});
