import {
  createFollower,
  type Follower,
  type FollowerConfig,
  type FollowerStatus,
} from '../follower-machine';
import { createHostDriver } from '../host';
import { expectedPosition } from '../reducer';
import { createRoomClient, reportFollowerStatus, type RoomClient } from '../room-client';
import type { HostIntent } from '../schedule';
import { createWsTransport } from '../transports/ws';
import type { PostCommand, RoomTransport } from '../transports/types';
import { FakePlayer, type FakePlayerOptions } from './fake-player';
import { createMemoryNetwork, MemoryRoomHub } from './memory-hub';
import { createDelayedLink, type LinkProfile } from './network';
import { seededRandom, SimScheduler, skewedScheduler } from './sim-scheduler';

/**
 * A whole class in simulated time: one in-memory hub, a host and followers, each with a skewed
 * device clock, its own delayed network, a fake player, a room client and a follower. Used by the
 * engine's tests and by benchmarks that want the engine's figures without a browser.
 */

export interface SimMember {
  userId: string;
  player: FakePlayer;
  client: RoomClient;
  transport: RoomTransport;
  follower: Follower;
  setOnline(online: boolean): void;
  readonly statuses: FollowerStatus[];
  leave(): void;
}

export interface SimClassOptions {
  streamId?: string;
  hostUserId?: string;
  seed?: number;
  link?: { up: LinkProfile; down: LinkProfile };
  /** Each device clock is off by a uniform amount in ± this (ms). */
  deviceSkewMs?: number;
  player?: (random: () => number, isHost: boolean) => FakePlayerOptions;
  /** The followers' configuration (a device profile). */
  follower?: Partial<FollowerConfig>;
}

/** Lets promise callbacks run between simulated steps (command results, play()). */
export const settleSim = async (sim: SimScheduler, ms: number, stepMs = 10): Promise<void> => {
  for (let t = 0; t < ms; t += stepMs) {
    sim.advance(stepMs);
    await Promise.resolve();
    await Promise.resolve();
  }
};

/** Creates the class; members join with `join(userId)`, the host first. */
export const createSimClass = (options: SimClassOptions = {}) => {
  const streamId = options.streamId ?? 'room-1';
  const hostUserId = options.hostUserId ?? 'host-1';
  const sim = new SimScheduler();
  const random = seededRandom(options.seed ?? 42);
  const hub = new MemoryRoomHub(() => sim.now());
  hub.openRoom(streamId, hostUserId);
  const linkProfile = options.link ?? {
    up: { delayMs: 50, jitterMs: 20 },
    down: { delayMs: 50, jitterMs: 20 },
  };
  const members: SimMember[] = [];
  const stops: Array<() => void> = [];

  const join = (userId: string): SimMember => {
    const isHost = userId === hostUserId;
    const device = skewedScheduler(sim, (random() * 2 - 1) * (options.deviceSkewMs ?? 600_000));
    const network = createMemoryNetwork(hub, userId, createDelayedLink(sim, linkProfile, random));
    let online = true;
    const transport = createWsTransport({
      connect: network.connect,
      scheduler: device,
      random,
      getToken: () => userId,
    });
    // The HTTP command crosses the same network (and fails while it is down).
    const postCommand: PostCommand = (id, command) =>
      new Promise((resolve) => {
        const up = linkProfile.up.delayMs + (random() * 2 - 1) * linkProfile.up.jitterMs;
        sim.setTimeout(() => {
          resolve(
            online
              ? hub.command(id, userId, command)
              : { ok: false, code: 'network', message: 'offline' },
          );
        }, up);
      });
    const client = createRoomClient({
      transport,
      postCommand,
      scheduler: device,
      streamId,
      random,
    });
    const player = new FakePlayer(
      device,
      options.player?.(random, isHost) ?? {
        seekLatencyMs: () => 80 + random() * 120,
        startLatencyMs: isHost ? 0 : Math.round(random() * 8),
      },
    );
    const follower = createFollower({
      player,
      clock: client,
      model$: client.model$,
      scheduler: device,
      ...(options.follower ? { config: options.follower } : {}),
    });
    const statuses: FollowerStatus[] = [];
    const sub = follower.status$.subscribe((s) => statuses.push(s));
    // The host runs its stall rule and heartbeat; a follower reports its drift and round trip.
    const stopHost = isHost
      ? createHostDriver({ client, player, scheduler: device })
      : reportFollowerStatus(client, follower.status$, device);
    const member: SimMember = {
      userId,
      player,
      client,
      transport,
      follower,
      statuses,
      setOnline: (value) => {
        online = value;
        network.setOnline(value);
      },
      leave: () => {
        stopHost();
        sub.unsubscribe();
        follower.stop();
        client.close();
        transport.close();
      },
    };
    stops.push(member.leave);
    members.push(member);
    return member;
  };

  /** The room's true position now (from the hub's model and the server's time). */
  const roomPosition = (): number => {
    const model = hub.snapshot(streamId)?.model;
    return model ? expectedPosition(model, sim.now()) : 0;
  };

  /** |player − room| for every member now (ms). */
  const drifts = (): number[] =>
    members.map((m) => Math.abs(m.player.currentTime() - roomPosition()) * 1000);

  const host = (): SimMember => {
    const member = members.find((m) => m.userId === hostUserId);
    if (!member) throw new Error('the host has not joined');
    return member;
  };

  /** Sends a host command and lets the network carry it. */
  const command = async (intent: HostIntent) => {
    const pending = host().client.command(intent);
    await settleSim(sim, 200);
    return pending;
  };

  return {
    sim,
    hub,
    streamId,
    members,
    join,
    host,
    command,
    roomPosition,
    drifts,
    settle: (ms: number) => settleSim(sim, ms),
    close: () => stops.forEach((s) => s()),
  };
};
