import { describe, expect, it } from 'vitest';
import { createSoloRoom, createWsTransport } from '@/engine';
import { FakePlayer } from '@/engine/testing/fake-player';
import {
  createImmediateLink,
  createMemoryNetwork,
  MemoryRoomHub,
} from '@/engine/testing/memory-hub';
import { settleSim as settle } from '@/engine/testing/sim-class';
import { SimScheduler } from '@/engine/testing/sim-scheduler';
import { ApiError } from '@/lib/api-errors';
import type { RoomPlayer } from './watch-room';
import { createWatchSession, type WatchSessionState } from './watch-session';

class RoomFakePlayer extends FakePlayer implements RoomPlayer {
  setMuted(muted: boolean) {
    if (muted) this.allowAutoplay();
  }
}

/** Every state the session emitted, by status and join step. */
const record = (states: WatchSessionState[]) => (s: WatchSessionState) => states.push(s);

describe('watch session (framework-free)', () => {
  it('alone: one union from connecting to live; the tap joins, plays from where asked, at the remembered speed', async () => {
    const sim = new SimScheduler();
    const remembered: number[] = [];
    const session = createWatchSession({
      source: {
        type: 'solo',
        streamId: 'solo-s',
        playSpeed: () => 1.5,
        rememberSpeed: (rate) => remembered.push(rate),
      },
      ...createSoloRoom({ streamId: 'solo-s', userId: 'me', scheduler: sim }),
      scheduler: sim,
      join: async () => sim.now(),
      mediaSession: null,
    });
    const states: WatchSessionState[] = [];
    const sub = session.state$.subscribe(record(states));
    expect(states[0]).toMatchObject({ status: 'connecting', join: 'waiting' });
    const player = new RoomFakePlayer(sim, { seekLatencyMs: 50 });
    session.room.attachPlayer(player);
    await settle(sim, 600);
    expect(states.at(-1)).toMatchObject({ status: 'live', join: 'waiting', host: { error: null } });
    expect(player.count('play')).toBe(0);

    session.tap(42);
    await settle(sim, 1500);
    const live = states.at(-1);
    expect(live).toMatchObject({ status: 'live', join: 'watching' });
    expect(live?.status === 'live' && live.model.playback).toMatchObject({
      status: 'playing',
      playbackRate: 1.5,
    });
    expect(player.isPaused()).toBe(false);
    expect(player.currentTime()).toBeGreaterThan(42);

    // A speed picked alone is remembered; a skip pressed twice at once adds up.
    session.host({ type: 'playback.rate', rate: 2 });
    await settle(sim, 300);
    expect(remembered).toEqual([2]);
    const before = session.room.expectedPosition();
    session.host({ type: 'playback.skip', by: 10 });
    session.host({ type: 'playback.skip', by: 10 });
    await settle(sim, 400);
    expect(session.room.expectedPosition() - before).toBeGreaterThan(20);
    expect(session.room.expectedPosition() - before).toBeLessThan(21.5);

    sub.unsubscribe();
    session.close();
  });

  it('a follower in a full room: the gate says so, nothing plays, and host controls do nothing', async () => {
    const sim = new SimScheduler();
    const hub = new MemoryRoomHub(() => sim.now());
    hub.openRoom('room-1', 'host-1');
    const network = createMemoryNetwork(hub, 's1', createImmediateLink(sim));
    const full = new ApiError(409, 'participantLimit', 'The room is full.');
    const session = createWatchSession({
      source: { type: 'room', streamId: 'room-1', role: 'follower' },
      transport: createWsTransport({
        connect: network.connect,
        scheduler: sim,
        getToken: () => 's1',
      }),
      postCommand: async (id, command) => hub.command(id, 's1', command),
      scheduler: sim,
      join: () => Promise.reject(full),
      mediaSession: null,
    });
    const states: WatchSessionState[] = [];
    const sub = session.state$.subscribe(record(states));
    const player = new RoomFakePlayer(sim);
    session.room.attachPlayer(player);
    await settle(sim, 600);
    expect(states.at(-1)).toMatchObject({ status: 'live', join: 'waiting', host: null });
    session.tap();
    await settle(sim, 100);
    session.host({ type: 'playback.play' });
    await settle(sim, 500);
    expect(states.at(-1)).toMatchObject({ status: 'live', join: 'full' });
    expect(hub.log('room-1').filter((e) => e.type === 'play')).toEqual([]);
    expect(player.count('play')).toBe(0);
    sub.unsubscribe();
    session.close();
  });
});
