import { describe, expect, it } from 'vitest';
import { expectedPosition } from '@/engine';
import { FakePlayer } from '@/engine/testing/fake-player';
import { SimScheduler, seededRandom } from '@/engine/testing/sim-scheduler';
import { createSoloRoom } from '@/engine';
import { createWatchRoom, type RoomPlayer } from './watch-room';

const settle = async (sim: SimScheduler, ms: number) => {
  for (let t = 0; t < ms; t += 10) {
    sim.advance(10);
    await Promise.resolve();
    await Promise.resolve();
  }
};

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
    await room.send({ type: 'play' });
    room.start();
    await settle(sim, 1000);
    // Warming: the follower has not touched the player yet.
    expect(warmUps).toHaveLength(1);
    expect(player.count('play')).toBe(0);
    warmUps[0]!();
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
});
