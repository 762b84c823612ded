import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOLLOWER_PROFILES, type FollowerConfig } from './follower-machine';
import type { HostIntent } from './schedule';
import type { FakePlayerOptions } from './testing/fake-player';
import { createSimClass } from './testing/sim-class';

/**
 * The WebKit follower profile (issue 27) in simulated time: a class of 30 whose players behave
 * like Safari's — every rate change and every seek takes effect 100–500 ms late, at random —
 * follows any sequence of the host's commands.
 */

const CLASS_SIZE = 30;
/** After a command takes effect the class is back within the band by then (ms)... */
const RECOVERY_MS = 4000;
/** ...and stays within it while the host leaves the room alone for this long (ms). */
const BETWEEN_COMMANDS_MS = 10_000;
const BAND_MS = 100;

/** A Safari-like player: every rate change and seek lands 100–500 ms late, at random. */
const safariLike = (random: () => number): FakePlayerOptions => ({
  seekLatencyMs: () => 100 + random() * 400,
  rateLatencyMs: () => 100 + random() * 400,
  startLatencyMs: Math.round(20 + random() * 60),
  flushedStartLatencyMs: Math.round(60 + random() * 80),
});

interface Run {
  /** |player − room| of every follower, sampled each 100 ms outside recovery windows (ms). */
  drifts: number[];
  /** Each follower's rate writes: on its own clock, and in server time. */
  writes: Array<Array<{ device: number; server: number }>>;
  /** When each of the host's commands took effect (server ms). */
  commands: number[];
}

async function lesson(
  seed: number,
  script: readonly HostIntent[],
  follower: Partial<FollowerConfig>,
): Promise<Run> {
  const c = createSimClass({
    seed,
    follower,
    player: (random, isHost) => (isHost ? { seekLatencyMs: 100 } : safariLike(random)),
  });
  c.join('host-1');
  for (let i = 0; i < CLASS_SIZE; i += 1) c.join(`s${i}`);
  await c.settle(3000);
  const followers = c.members.filter((m) => m.userId !== 'host-1');
  const drifts: number[] = [];
  const commands: number[] = [];
  for (const intent of script) {
    const result = await c.command(intent);
    expect(result.ok).toBe(true);
    const at = result.ok ? result.event.effectiveAt : c.sim.now();
    commands.push(at);
    for (let t = 0; t < BETWEEN_COMMANDS_MS; t += 100) {
      await c.settle(100);
      if (c.sim.now() < at + RECOVERY_MS) continue;
      for (const m of followers)
        drifts.push(Math.abs(m.player.currentTime() - c.roomPosition()) * 1000);
    }
  }
  const writes = followers.map((m) =>
    m.player.calls
      .filter((call) => call.call === 'rate')
      .map((call) => ({ device: call.at, server: m.client.clock.toServerTime(call.at) })),
  );
  c.close();
  return { drifts, writes, commands };
}

/**
 * Pairs of one player's rate writes less than a second apart that no host command explains (a
 * speed change sets the room's rate; a pause, a skip or a play may end a nudge early).
 */
const crowdedWrites = (run: Run): number =>
  run.writes
    .flatMap((writes) => writes.slice(1).map((after, i) => [writes[i]!, after] as const))
    .filter(
      ([before, after]) =>
        after.device - before.device < 1000 &&
        !run.commands.some(
          (at) => Math.abs(at - after.server) <= 1000 || Math.abs(at - before.server) <= 1000,
        ),
    ).length;

/** A lesson: play, then the host's commands in any order (a pause is followed by a play). */
const scripts = fc
  .array(
    fc.oneof(
      fc.record({ type: fc.constant('skip' as const), to: fc.integer({ min: 0, max: 300 }) }),
      fc.record({
        type: fc.constant('rateChange' as const),
        rate: fc.constantFrom(0.5, 0.75, 1, 1.25, 1.5, 2),
      }),
      fc.constant({ type: 'pause' as const }),
    ),
    { minLength: 3, maxLength: 6 },
  )
  .map((commands): HostIntent[] => [
    { type: 'play' },
    ...commands.flatMap((c): HostIntent[] => (c.type === 'pause' ? [c, { type: 'play' }] : [c])),
  ]);

describe('the WebKit follower profile (Safari-like players)', { timeout: 300_000 }, () => {
  it('keeps a class of 30 within 100 ms, with at most one rate write a second per player', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), scripts, async (seed, script) => {
        const run = await lesson(seed, script, FOLLOWER_PROFILES.webkit);
        expect(run.drifts.length).toBeGreaterThan(CLASS_SIZE * 50);
        expect(Math.max(...run.drifts)).toBeLessThanOrEqual(BAND_MS);
        expect(crowdedWrites(run)).toBe(0);
      }),
      { numRuns: 40, seed: 27 },
    );
  });

  it('the standard profile on the same players rewrites the rate many times a second', async () => {
    const script: HostIntent[] = [{ type: 'play' }, { type: 'skip', to: 120 }];
    const run = await lesson(1, script, FOLLOWER_PROFILES.standard);
    expect(crowdedWrites(run)).toBeGreaterThan(CLASS_SIZE);
  });
});
