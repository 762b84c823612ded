import { BehaviorSubject, filter, map, skip, type Observable } from 'rxjs';
import type { ServerMessage } from '@/contracts/realtime';
import type { RoomModel } from '@/contracts/stream';
import {
  createFollower,
  createHostDriver,
  expectedPosition,
  playbackAt,
  createRoomClient,
  nextPlaybackChangeAt,
  reportFollowerStatus,
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
  PostCommand,
  RoomTransport,
} from '@/engine';
import type { HostRequest } from '../host/host-machine';
import { bindFollowerMediaSession, mediaSessionOf, type MediaSessionLike } from './media-session';

/**
 * The watch page's room, without React: the engine's room client, its follower on the page's
 * player, and for the host the stall rule and heartbeat (engine/host). The view reads the
 * observables and calls the methods; no sync decision is made here — the engine makes them.
 */

export type WatchRole = 'host' | 'follower';

/** A skip sent this recently (ms) may not be in the room model yet. */
const PENDING_SKIP_MS = 1000;

/**
 * Before the Join tap the paused player is kept near the room's position (checked this often, ms),
 * so the media there is loaded when the viewer taps: a student who joins during play then starts
 * from buffered data instead of fetching it after the tap.
 */
const CUE_CHECK_MS = 1000;
/** The player is moved once it is this far (s) from where the room will be… */
const CUE_TOLERANCE_S = 2;
/** …to this far (s) ahead of the room's position while it plays (the tap comes later). */
const CUE_AHEAD_S = 1;

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

/**
 * When a warm-up has to hand the player to the follower (server ms): at once while the room plays,
 * this long before a scheduled start, else never (null). A warm-up still running at the start made
 * a student who joined just before the teacher pressed play start 0.6–0.86 s late (bench/figures/sync.csv);
 * ending it as soon as the start is announced instead left a cold player, 70–140 ms late.
 */
export const WARM_UP_HANDOVER_MS = 120;
export const warmUpDeadline = (model: RoomModel, now: number): number | null => {
  if (model.terminated) return null;
  if (playbackAt(model, now).status === 'playing') return now;
  const change = nextPlaybackChangeAt(model, now);
  if (change === null || playbackAt(model, change).status !== 'playing') return null;
  return change - WARM_UP_HANDOVER_MS;
};

/** Whether the room plays now or has a start scheduled. */
const startDue = (model: RoomModel, now: number): boolean => warmUpDeadline(model, now) !== null;

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
  /** Sends a host request; `skipBy` is resolved against the room's position now. */
  send(request: HostRequest): Promise<CommandResult>;
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

  // Before the Join tap: the paused player waits near the room's position (no play(): that needs
  // the tap). Stopped by the tap, a new player, or close.
  let cueing: (() => void) | null = null;
  const stopCueing = () => {
    cueing?.();
    cueing = null;
  };
  const cue = (p: RoomPlayer) => {
    stopCueing();
    let timer: ReturnType<Scheduler['setTimeout']> | undefined;
    const check = () => {
      const model = client.model();
      if (!model || model.terminated || !p.isPaused()) return;
      const now = client.serverNow();
      const playing = playbackAt(model, now).status === 'playing';
      const target = expectedPosition(model, now) + (playing ? CUE_AHEAD_S : 0);
      const duration = p.duration?.();
      const bounded =
        duration !== undefined && Number.isFinite(duration) ? Math.min(target, duration) : target;
      if (Math.abs(p.currentTime() - bounded) > CUE_TOLERANCE_S) p.setCurrentTime(bounded);
    };
    const loop = () => {
      check();
      timer = scheduler.setTimeout(loop, CUE_CHECK_MS);
    };
    const sub = client.model$.subscribe(check);
    timer = scheduler.setTimeout(loop, CUE_CHECK_MS);
    cueing = () => {
      sub.unsubscribe();
      if (timer !== undefined) scheduler.clearTimeout(timer);
    };
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
    if (p.warmUp && !warmed.has(p) && !(model && startDue(model, client.serverNow()))) {
      warmed.add(p);
      const abort = new AbortController();
      warming = { player: p, abort };
      // A start scheduled while warming: hand over just before it (at once if the room plays).
      let handover: ReturnType<Scheduler['setTimeout']> | undefined;
      const watch = client.model$.subscribe((m) => {
        if (handover !== undefined) scheduler.clearTimeout(handover);
        handover = undefined;
        const now = client.serverNow();
        const deadline = warmUpDeadline(m, now);
        if (deadline === null) return;
        if (deadline <= now) abort.abort();
        else handover = scheduler.setTimeout(() => abort.abort(), Math.ceil(deadline - now));
      });
      // The follower takes the player over once it is warm (unless it was replaced meanwhile).
      void p.warmUp(abort.signal).finally(() => {
        watch.unsubscribe();
        if (handover !== undefined) scheduler.clearTimeout(handover);
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
    send: (request) => {
      if (request.type === 'skipBy' || request.type === 'skip') {
        const to = Math.max(0, request.type === 'skip' ? request.to : skipBase() + request.by);
        lastSkip = { to, at: client.serverNow() };
        return client.command({ type: 'skip', to });
      }
      lastSkip = null;
      return client.command(request);
    },
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
