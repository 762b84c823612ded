import { BehaviorSubject, filter, map, skip, type Observable } from 'rxjs';
import type { ServerMessage } from '@/contracts/realtime';
import {
  createFollower,
  createHostDriver,
  expectedPosition,
  keepCued,
  playbackAt,
  createRoomClient,
  reportFollowerStatus,
  startDue,
  warmUpUntilDue,
} from '@/engine';
import type {
  Follower,
  FollowerConfig,
  FollowerStatus,
  PlayerAdapter,
  RoomClient,
  Random,
  Scheduler,
  CommandResult,
  HostIntent,
  PostCommand,
  RoomTransport,
} from '@/engine';
import { bindFollowerMediaSession, mediaSessionOf, type MediaSessionLike } from './media-session';

/**
 * The watch page's room, without React: the engine's room client, its follower on the page's
 * player, and for the host the stall rule and heartbeat (engine/host). The view reads the
 * observables and calls the methods; no sync decision is made here — the engine makes them.
 */

export type WatchRole = 'host' | 'follower';

/** What the room's socket delivers besides the room events: live comments and vote tallies. */
type RoomFeedMessage = Extract<
  ServerMessage,
  { type: 'comment' | 'commentRemove' | 'commentsPaused' | 'voteTally' }
>;

/**
 * The player as the room needs it: the engine's interface, sound for the muted fallback, and a
 * warm-up of its media pipeline before the follower takes it over. The warm-up ends early when
 * `signal` aborts (a start is due), leaving the player paused wherever it got to.
 */
export type RoomPlayer = PlayerAdapter & {
  setMuted(muted: boolean): void;
  warmUp?(signal?: AbortSignal): Promise<void>;
  /** The follower's settings for this kind of player (a YouTube player takes no rate nudge). */
  followerConfig?: Partial<FollowerConfig>;
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
  /**
   * The room's socket is open again after a gap: whatever was pushed meanwhile (comments,
   * tallies, the pause switch) is re-read, since nothing polls.
   */
  readonly reconnected$: Observable<void>;
  /** Hands the room the page's player (again after the source reloads). */
  attachPlayer(player: RoomPlayer | null): void;
  /** Starts following the room (after the join tap). */
  start(): void;
  /** The viewer's tap on 'unmute' after the muted fallback. */
  unmute(): void;
  /** Sends a host command (one at a time; see the engine's room client). */
  send(intent: HostIntent): Promise<CommandResult>;
  roomPlaying(): boolean;
  /**
   * The room's expected position (s) now, or at `at` (server ms: a reading taken with the
   * player's position); 0 before the room is loaded.
   */
  expectedPosition(at?: number): number;
  close(): void;
}

export interface WatchRoomDeps {
  transport: RoomTransport;
  postCommand: PostCommand;
  streamId: string;
  scheduler: Scheduler;
  role: WatchRole;
  random?: Random;
  /** The page's Media Session (navigator.mediaSession where the browser has one). */
  mediaSession?: MediaSessionLike | null;
}

export const createWatchRoom = ({
  transport,
  postCommand,
  streamId,
  scheduler,
  role,
  random,
  mediaSession = mediaSessionOf(),
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
  // Players whose warm-up has been started (each new player, once), and the one under way.
  const warmed = new WeakSet<RoomPlayer>();
  let warming: { player: RoomPlayer; abort: AbortController } | null = null;

  const stopRunning = () => {
    running?.stop();
    running = null;
  };

  const roomPlaying = () => {
    const model = client.model();
    return (
      !!model && !model.terminated && playbackAt(model, client.serverNow()).status === 'playing'
    );
  };

  // Before the Join tap: the paused player waits near the room's position (engine/player-prep).
  // Stopped by the tap, a new player, or close.
  let cueing: (() => void) | null = null;
  const stopCueing = () => {
    cueing?.();
    cueing = null;
  };
  const cue = (p: RoomPlayer) => {
    stopCueing();
    cueing = keepCued(p, client, scheduler);
  };

  const run = () => {
    stopRunning();
    stopCueing();
    if (!closed && !started && player) cue(player);
    if (!started || closed || !player) return;
    const p = player;
    // The warm-up under way finishes first; it hands over by calling run() again.
    if (warming?.player === p) return;
    const model = client.model();
    const warmUp = p.warmUp?.bind(p);
    if (warmUp && !warmed.has(p) && !(model && startDue(model, client.serverNow()))) {
      warmed.add(p);
      const abort = new AbortController();
      warming = { player: p, abort };
      // The follower takes the player over once it is warm (unless it was replaced meanwhile).
      void warmUpUntilDue(
        () => warmUp(abort.signal),
        () => abort.abort(),
        client,
        scheduler,
      ).finally(() => {
        if (warming?.player === p) warming = null;
        if (player === p && !running) run();
      });
      return;
    }
    warmed.add(p);
    const follower = createFollower({
      player: p,
      clock: client,
      model$: client.model$,
      scheduler,
      config: p.followerConfig,
    });
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
    else {
      stops.push(reportFollowerStatus(client, follower.status$, scheduler));
      // A lock-screen or headphone pause/seek is undone at once, not left to drift.
      stops.push(
        bindFollowerMediaSession(mediaSession, {
          realign: () => follower.tick(),
          roomPlaying,
        }),
      );
    }
    running = {
      follower,
      stop: () => {
        for (const stop of stops) stop();
        follower.stop();
      },
    };
  };

  const position = (at?: number) => {
    const model = client.model();
    return model ? expectedPosition(model, at ?? client.serverNow()) : 0;
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
    // The transport reports each change of status once: every 'open' after the first is a reconnect.
    reconnected$: transport.status$.pipe(
      filter((s) => s === 'open'),
      skip(1),
      map(() => undefined),
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
    send: (intent) => client.command(intent),
    roomPlaying,
    expectedPosition: position,
    close: () => {
      closed = true;
      warming?.abort.abort();
      stopCueing();
      stopRunning();
      client.close();
      followerStatus$.complete();
      mutedFallback$.complete();
    },
  };
};
