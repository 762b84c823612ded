import { BehaviorSubject, filter, type Observable } from 'rxjs';
import type { ServerMessage } from '@/contracts/realtime';
import {
  createFollower,
  createHostDriver,
  expectedPosition,
  playbackAt,
  createRoomClient,
  reportFollowerStatus,
} from '@/engine';
import type {
  Follower,
  FollowerStatus,
  PlayerAdapter,
  RoomClient,
  Random,
  Scheduler,
  CommandResult,
  PostCommand,
  RoomTransport,
} from '@/engine';
import type { HostRequest } from './host-machine';

/**
 * The watch page's room, without React: the engine's room client, its follower on the page's
 * player, and for the host the stall rule and heartbeat (engine/host). The view reads the
 * observables and calls the methods; no sync decision is made here — the engine makes them.
 */

export type WatchRole = 'host' | 'follower';

/** A skip sent this recently (ms) may not be in the room model yet. */
const PENDING_SKIP_MS = 1000;

/** What the room's socket delivers besides the room events: live comments and vote tallies. */
export type RoomFeedMessage = Extract<
  ServerMessage,
  { type: 'comment' | 'commentRemove' | 'commentsPaused' | 'voteTally' }
>;

/**
 * The player as the room needs it: the engine's interface, sound for the muted fallback, and a
 * warm-up of its media pipeline before the follower takes it over.
 */
export type RoomPlayer = PlayerAdapter & {
  setMuted(muted: boolean): void;
  warmUp?(): Promise<void>;
};

export interface WatchRoom {
  readonly client: RoomClient;
  readonly role: WatchRole;
  /** The follower's state once following, else null (before the join tap). */
  readonly followerStatus$: Observable<FollowerStatus | null>;
  /** Autoplay with sound was refused: the player plays muted until the viewer taps to unmute. */
  readonly mutedFallback$: Observable<boolean>;
  /** Live comments and vote tallies of this room, as the server pushes them. */
  readonly feed$: Observable<RoomFeedMessage>;
  /** Hands the room the page's player (again after the source reloads). */
  attachPlayer(player: RoomPlayer | null): void;
  /** Starts following the room (after the join tap). */
  start(): void;
  /** The viewer's tap on 'unmute' after the muted fallback. */
  unmute(): void;
  /** Sends a host request; `skipBy` is resolved against the room's position now. */
  send(request: HostRequest): Promise<CommandResult>;
  roomPlaying(): boolean;
  /** The room's expected position now (s); 0 before the room is loaded. */
  expectedPosition(): number;
  close(): void;
}

export interface WatchRoomDeps {
  transport: RoomTransport;
  postCommand: PostCommand;
  streamId: string;
  scheduler: Scheduler;
  role: WatchRole;
  random?: Random;
}

export const createWatchRoom = ({
  transport,
  postCommand,
  streamId,
  scheduler,
  role,
  random,
}: WatchRoomDeps): WatchRoom => {
  const client = createRoomClient(
    random
      ? { transport, postCommand, scheduler, streamId, random }
      : { transport, postCommand, scheduler, streamId },
  );
  const followerStatus$ = new BehaviorSubject<FollowerStatus | null>(null);
  const mutedFallback$ = new BehaviorSubject(false);
  let player: RoomPlayer | null = null;
  let started = false;
  let closed = false;
  let running: { follower: Follower; stop: () => void } | null = null;
  // Players whose warm-up has been started (each new player, once).
  const warmed = new WeakSet<RoomPlayer>();

  const stopRunning = () => {
    running?.stop();
    running = null;
  };

  const run = () => {
    stopRunning();
    if (!started || closed || !player) return;
    const p = player;
    if (p.warmUp && !warmed.has(p)) {
      warmed.add(p);
      // The follower takes the player over once it is warm (unless it was replaced meanwhile).
      void p.warmUp().finally(() => {
        if (player === p && !running) run();
      });
      return;
    }
    const follower = createFollower({ player: p, clock: client, model$: client.model$, scheduler });
    const stops: Array<() => void> = [];
    const sub = follower.status$.subscribe((status) => {
      followerStatus$.next(status);
      // Autoplay with sound refused: muted playback is always allowed, so play muted at once.
      if (status.blocked && !mutedFallback$.value) {
        mutedFallback$.next(true);
        p.setMuted(true);
        follower.resume();
      }
    });
    stops.push(() => sub.unsubscribe());
    if (role === 'host') stops.push(createHostDriver({ client, player: p, scheduler }));
    else stops.push(reportFollowerStatus(client, follower.status$, scheduler));
    running = {
      follower,
      stop: () => {
        for (const stop of stops) stop();
        follower.stop();
      },
    };
  };

  // Two quick skips must add up: the first has not come back from the server when the second is
  // pressed, so the second counts from the first one's target rather than the room's position.
  let lastSkip: { to: number; at: number } | null = null;
  const skipBase = () => {
    const now = client.serverNow();
    const model = client.model();
    if (!lastSkip || !model || now - lastSkip.at > PENDING_SKIP_MS) return position();
    const playback = playbackAt(model, now);
    const moved =
      playback.status === 'playing' ? ((now - lastSkip.at) / 1000) * playback.playbackRate : 0;
    return lastSkip.to + moved;
  };

  const position = () => {
    const model = client.model();
    return model ? expectedPosition(model, client.serverNow()) : 0;
  };

  return {
    client,
    role,
    followerStatus$: followerStatus$.asObservable(),
    mutedFallback$: mutedFallback$.asObservable(),
    feed$: transport.messages$.pipe(
      filter(
        (m): m is RoomFeedMessage =>
          (m.type === 'comment' ||
            m.type === 'commentRemove' ||
            m.type === 'commentsPaused' ||
            m.type === 'voteTally') &&
          m.streamId === streamId,
      ),
    ),
    attachPlayer: (next) => {
      if (next === player) return;
      player = next;
      run();
    },
    start: () => {
      if (started) return;
      started = true;
      run();
    },
    unmute: () => {
      player?.setMuted(false);
      mutedFallback$.next(false);
      running?.follower.tick();
    },
    send: (request) => {
      if (request.type === 'skipBy' || request.type === 'skip') {
        const to = Math.max(0, request.type === 'skip' ? request.to : skipBase() + request.by);
        lastSkip = { to, at: client.serverNow() };
        return client.command({ type: 'skip', to });
      }
      lastSkip = null;
      return client.command(request);
    },
    roomPlaying: () => {
      const model = client.model();
      return (
        !!model && !model.terminated && playbackAt(model, client.serverNow()).status === 'playing'
      );
    },
    expectedPosition: position,
    close: () => {
      closed = true;
      stopRunning();
      client.close();
      followerStatus$.complete();
      mutedFallback$.complete();
    },
  };
};
