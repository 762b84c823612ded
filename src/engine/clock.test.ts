import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_BURST_COUNT,
  CLOCK_INTERVAL_MAX_MS,
  CLOCK_INTERVAL_MIN_MS,
  CLOCK_WINDOW,
  ClockEstimator,
  createClock,
  roundTrip,
} from './clock';
import { seededRandom, SimScheduler, skewedScheduler } from './testing/sim-scheduler';

describe('ClockEstimator', () => {
  it('with any delays, the offset error is at most half the lowest round trip of the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3_600_000, max: 3_600_000 }),
        fc.array(
          fc.record({
            up: fc.double({ min: 0, max: 800, noNaN: true }),
            down: fc.double({ min: 0, max: 800, noNaN: true }),
            gap: fc.integer({ min: 0, max: 60_000 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (trueOffset, exchanges) => {
          const est = new ClockEstimator();
          let local = 1_000_000;
          const samples = exchanges.map(({ up, down, gap }) => {
            local += gap;
            // The server stamps its time when the ping arrives and answers at once.
            const s = { t0: local, serverTime: local + up + trueOffset, t1: local + up + down };
            est.addSample(s);
            return s;
          });
          const window = samples.slice(-8);
          const minRtt = Math.min(...window.map(roundTrip));
          expect(Math.abs(est.offset() - trueOffset)).toBeLessThanOrEqual(minRtt / 2 + 1e-6);
          expect(est.minRoundTrip()).toBeCloseTo(minRtt, 6);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is exact with symmetric delays and keeps only the last 8 samples', () => {
    const est = new ClockEstimator();
    for (let i = 0; i < 12; i++)
      est.addSample({ t0: i * 1000, serverTime: i * 1000 + 50 + 777, t1: i * 1000 + 100 });
    expect(est.offset()).toBe(777);
    expect(est.sampleCount).toBe(8);
  });

  it('p95 of the round trips is the nearest rank; impossible samples are refused', () => {
    const est = new ClockEstimator();
    [10, 20, 30, 40, 50, 60, 70, 400].forEach((rtt, i) =>
      est.addSample({ t0: i * 1000, serverTime: i * 1000, t1: i * 1000 + rtt }),
    );
    expect(est.p95RoundTrip()).toBe(400);
    expect(est.addSample({ t0: 10, serverTime: 0, t1: 5 })).toBe(false);
    expect(new ClockEstimator().p95RoundTrip()).toBe(0);
  });
});

describe('createClock', () => {
  const setup = (deviceSkewMs: number, oneWayMs: number) => {
    const sim = new SimScheduler();
    const device = skewedScheduler(sim, deviceSkewMs);
    const sent: number[] = [];
    const link = { up: oneWayMs, down: oneWayMs };
    const clock = createClock({
      scheduler: device,
      random: seededRandom(7),
      sendPing: (id, clientTime) => {
        sent.push(sim.now());
        // The server answers with its (true) time after one-way delay; the pong takes as long back.
        const { up, down } = link;
        sim.setTimeout(() => {
          const serverTime = sim.now();
          sim.setTimeout(() => clock.handlePong({ id, serverTime }), down);
        }, up);
        expect(clientTime).toBe(device.now());
        return true;
      },
    });
    return { sim, clock, sent, link };
  };

  it('bursts 5 pings 100 ms apart, one a second until 8 samples, then pings every 30–60 s', () => {
    const { sim, clock, sent } = setup(0, 20);
    const start = sim.now();
    clock.start();
    sim.advance(1000);
    expect(sent.map((t) => t - start)).toEqual([0, 100, 200, 300, 400]);
    sim.advance(3000);
    expect(sent.map((t) => t - start)).toEqual([0, 100, 200, 300, 400, 1401, 2401, 3401]);
    sim.advance(5 * 60_000);
    const gaps = sent.slice(CLOCK_WINDOW - 1).map((t, i, a) => (i ? t - (a[i - 1] ?? 0) : 0));
    for (const gap of gaps.slice(1)) {
      expect(gap).toBeGreaterThanOrEqual(CLOCK_INTERVAL_MIN_MS);
      expect(gap).toBeLessThanOrEqual(CLOCK_INTERVAL_MAX_MS + 1);
    }
    expect(gaps.length).toBeGreaterThan(4);
    clock.stop();
    const count = sent.length;
    sim.advance(10 * 60_000);
    expect(sent.length).toBe(count);
  });

  it('a burst taken while the page was busy is corrected by the next quick sample within seconds', () => {
    const { sim, clock, link } = setup(0, 0);
    // The pongs wait 900 ms for the busy page: every burst sample is off by 450 ms.
    link.down = 900;
    clock.start();
    sim.advance(1400);
    expect(Math.abs(clock.serverNow() - sim.now())).toBeGreaterThan(400);
    link.down = 50;
    link.up = 50;
    sim.advance(2000);
    expect(Math.abs(clock.serverNow() - sim.now())).toBeLessThanOrEqual(50);
  });

  it('never trusts the device clock: serverNow matches the server despite a 1 h skew', () => {
    const { sim, clock } = setup(3_600_000, 40);
    clock.start();
    sim.advance(1000);
    expect(clock.estimator.synced).toBe(true);
    expect(Math.abs(clock.serverNow() - sim.now())).toBeLessThan(1e-6);
    expect(clock.p95RoundTrip()).toBe(80);
  });

  it('a burst on reconnect replaces the regular wait', () => {
    const { sim, clock, sent } = setup(0, 10);
    clock.start();
    sim.advance(1000);
    const before = sent.length;
    clock.burst();
    sim.advance(450);
    expect(sent.length - before).toBe(CLOCK_BURST_COUNT);
  });

  it('ignores pongs it did not ask for', () => {
    const { clock } = setup(0, 10);
    clock.handlePong({ id: 999, serverTime: 5 });
    expect(clock.estimator.synced).toBe(false);
  });
});
