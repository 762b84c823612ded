import { describe, expect, it } from 'vitest';
import { expectedPosition } from '@/engine';
import { FakePlayer } from '@/engine/testing/fake-player';
import { settleSim as settle } from '@/engine/testing/sim-class';
import { SimScheduler, seededRandom } from '@/engine/testing/sim-scheduler';
import { createSoloRoom } from '@/engine';
import { createWatchRoom, type RoomPlayer } from './watch-room';

class MutablePlayer extends FakePlayer implements RoomPlayer {
  muted = false;
  setMuted(muted: boolean) {
    this.muted = muted;
    // Muted playback is always allowed by the autoplay policy.
    if (muted) this.allowAutoplay();
  }
}

const solo = (player: MutablePlayer, sim: SimScheduler) =>
  createWatchRoom({
    ...createSoloRoom({ streamId: 'solo-1', userId: 'me', scheduler: sim }),
    streamId: 'solo-1',
    scheduler: sim,
    role: 'host',
    random: seededRandom(3),
  });

describe('watch room (solo archive viewing)', () => {
  it('moves the player only after the join tap, then through the room model', async () => {
    const sim = new SimScheduler();
    const player = new MutablePlayer(sim, { seekLatencyMs: 80 });
    const room = solo(player, sim);
    room.attachPlayer(player);
    await settle(sim, 600);
    await room.send({ type: 'play' });
    await settle(sim, 2000);
    expect(player.count('play')).toBe(0);
    expect(player.isPaused()).toBe(true);

    room.start();
    await settle(sim, 1000);
    expect(player.isPaused()).toBe(false);
    await room.send({ type: 'skipBy', by: 10 });
    await settle(sim, 1500);
    const model = room.client.model();
    if (!model) throw new Error('no model');
    expect(Math.abs(player.currentTime() - expectedPosition(model, sim.now()))).toBeLessThan(0.05);
    expect(player.currentTime()).toBeGreaterThan(12);
    room.close();
  });

  it('adds up two quick skips instead of landing both on the same spot', async () => {
    const sim = new SimScheduler();
    const player = new MutablePlayer(sim, { seekLatencyMs: 50 });
    const room = solo(player, sim);
    room.attachPlayer(player);
    room.start();
    await settle(sim, 600);
    const first = room.send({ type: 'skipBy', by: 10 });
    const second = room.send({ type: 'skipBy', by: 10 });
    await Promise.all([first, second]);
    await settle(sim, 1000);
    expect(room.expectedPosition()).toBeCloseTo(20, 3);
    expect(player.currentTime()).toBeCloseTo(20, 1);
    room.close();
  });

  it('falls back to muted playback when autoplay with sound is refused, until unmuted', async () => {
    const sim = new SimScheduler();
    const player = new MutablePlayer(sim, { autoplayBlocked: true });
    const room = solo(player, sim);
    const muted: boolean[] = [];
    room.mutedFallback$.subscribe((m) => muted.push(m));
    room.attachPlayer(player);
    await settle(sim, 600);
    await room.send({ type: 'play' });
    room.start();
    await settle(sim, 1500);
    expect(player.muted).toBe(true);
    expect(player.isPaused()).toBe(false);
    room.unmute();
    expect(player.muted).toBe(false);
    expect(muted).toEqual([false, true, false]);
    room.close();
  });

  it('warms a new player up before following, once per player', async () => {
    const sim = new SimScheduler();
    const warmUps: Array<() => void> = [];
    class WarmingPlayer extends MutablePlayer {
      warmUp() {
        return new Promise<void>((resolve) => warmUps.push(resolve));
      }
    }
    const player = new WarmingPlayer(sim);
    const room = solo(player, sim);
    room.attachPlayer(player);
    await settle(sim, 600);
    room.start();
    await settle(sim, 1000);
    // Warming while the room is paused: the follower has not touched the player yet.
    expect(warmUps).toHaveLength(1);
    expect(player.calls).toEqual([]);
    warmUps[0]!();
    await settle(sim, 100);
    await room.send({ type: 'play' });
    await settle(sim, 1000);
    expect(player.isPaused()).toBe(false);
    // Attached again (a re-render): no second warm-up for the same player.
    room.attachPlayer(null);
    room.attachPlayer(player);
    await settle(sim, 500);
    expect(warmUps).toHaveLength(1);
    expect(player.isPaused()).toBe(false);
    room.close();
  });

  it('a start scheduled during the warm-up ends it, and the player starts on time', async () => {
    const sim = new SimScheduler();
    const signals: AbortSignal[] = [];
    class WarmingPlayer extends MutablePlayer {
      // A slow warm-up (a fresh <video> fetching its first segment) that stops when told to.
      warmUp(signal?: AbortSignal) {
        if (signal) signals.push(signal);
        return new Promise<void>((resolve) => {
          signal?.addEventListener('abort', () => resolve());
          sim.setTimeout(resolve, 1500);
        });
      }
    }
    const player = new WarmingPlayer(sim);
    const room = solo(player, sim);
    room.attachPlayer(player);
    await settle(sim, 600);
    // The student taps Join; the teacher presses play 200 ms later.
    room.start();
    await settle(sim, 200);
    expect(signals).toHaveLength(1);
    await room.send({ type: 'play' });
    await settle(sim, 10);
    const model = room.client.model();
    if (!model) throw new Error('no model');
    const startAt = model.playback.effectiveAt;
    // Solo commands lead by 100 ms, under the hand-over time: it hands over at once.
    expect(signals[0]?.aborted).toBe(true);
    await settle(sim, 1000);
    // Started at the room's start instant (not when a 1.5 s warm-up would have ended) and in sync.
    expect(player.calls.find((c) => c.call === 'play')?.at).toBe(startAt);
    expect(Math.abs(player.currentTime() - room.expectedPosition())).toBeLessThan(0.01);
    room.close();
  });

  it('no warm-up when the room is already playing at the join tap: the follower starts at once', async () => {
    const sim = new SimScheduler();
    let warmUps = 0;
    class WarmingPlayer extends MutablePlayer {
      warmUp() {
        warmUps++;
        return new Promise<void>((resolve) => sim.setTimeout(resolve, 1500));
      }
    }
    const player = new WarmingPlayer(sim, { seekLatencyMs: 150 });
    const room = solo(player, sim);
    await settle(sim, 600);
    await room.send({ type: 'play' });
    await settle(sim, 3000);
    room.attachPlayer(player);
    room.start();
    await settle(sim, 1000);
    expect(warmUps).toBe(0);
    expect(player.isPaused()).toBe(false);
    expect(Math.abs(player.currentTime() - room.expectedPosition())).toBeLessThan(0.1);
    room.close();
  });

  it('before the Join tap, keeps the paused player near the room so the media there is loaded', async () => {
    const sim = new SimScheduler();
    const player = new MutablePlayer(sim, { seekLatencyMs: 80 });
    const room = solo(player, sim);
    await settle(sim, 600);
    await room.send({ type: 'play' });
    await settle(sim, 30_000);
    room.attachPlayer(player);
    await settle(sim, 1500);
    // Never played (that needs the tap), but waiting ~1 s ahead of the room's position.
    expect(player.count('play')).toBe(0);
    expect(player.isPaused()).toBe(true);
    expect(Math.abs(player.currentTime() - room.expectedPosition())).toBeLessThan(2);
    await settle(sim, 10_000);
    expect(Math.abs(player.currentTime() - room.expectedPosition())).toBeLessThanOrEqual(2);
    const seeks = player.count('seek');
    // After the tap it is in sync within a second.
    room.start();
    await settle(sim, 1000);
    expect(player.isPaused()).toBe(false);
    expect(Math.abs(player.currentTime() - room.expectedPosition())).toBeLessThan(0.1);
    // The cue stopped at the tap: the follower alone moves the player now.
    expect(player.count('seek')).toBeLessThanOrEqual(seeks + 1);
    room.close();
  });

  it("corrects each player with its own follower settings (a YouTube player's: no nudge)", async () => {
    const nudges = async (followerConfig?: RoomPlayer['followerConfig']) => {
      const sim = new SimScheduler();
      const player = Object.assign(new MutablePlayer(sim, { seekLatencyMs: 80 }), {
        followerConfig,
      });
      const room = solo(player, sim);
      room.attachPlayer(player);
      room.start();
      await settle(sim, 600);
      await room.send({ type: 'play' });
      await settle(sim, 2000);
      // 100 ms behind: a nudge for a <video>, under the seek threshold without one.
      player.jump(-0.1);
      await settle(sim, 2000);
      room.close();
      return player.calls.filter((c) => c.call === 'rate' && c.value !== 1).length;
    };
    expect(await nudges()).toBeGreaterThan(0);
    expect(await nudges({ maxNudge: 0 })).toBe(0);
  });
});
