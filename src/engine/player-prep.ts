import type { Observable } from 'rxjs';
import type { RoomModel } from '@/contracts/stream';
import type { PlayerAdapter } from './follower-machine';
import { expectedPosition, nextPlaybackChangeAt, playbackAt } from './reducer';
import type { Scheduler } from './time';

/**
 * A player before the follower takes it over: kept near the room while the viewer has not tapped
 * Join yet (`keepCued`), and warmed up (its media pipeline started) until a start is due
 * (`warmUpUntilDue`). Both read the room through `PrepRoom` and time through the `Scheduler`,
 * so they run in simulated time in tests like the follower beside them.
 */

/** What preparing a player reads of the room: its model and the server's clock. */
export interface PrepRoom {
  model(): RoomModel | null;
  readonly model$: Observable<RoomModel>;
  serverNow(): number;
}

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

/** Whether the room plays now or has a start scheduled: no time to warm a player up. */
export const startDue = (model: RoomModel, now: number): boolean =>
  warmUpDeadline(model, now) !== null;

/**
 * Runs a player's warm-up (its media pipeline started, a muted play and pause for one) and calls
 * `endWarmUp` at the deadline of any start the room announces meanwhile (at once if it plays); an
 * ended warm-up leaves the player paused wherever it got to. Resolves when it has ended either way.
 */
export const warmUpUntilDue = (
  warmUp: () => Promise<void>,
  endWarmUp: () => void,
  room: PrepRoom,
  scheduler: Scheduler,
): Promise<void> => {
  // Started first, so an end that is due at once reaches a warm-up under way.
  const running = warmUp();
  let handover: ReturnType<Scheduler['setTimeout']> | undefined;
  const watch = room.model$.subscribe((m) => {
    if (handover !== undefined) scheduler.clearTimeout(handover);
    handover = undefined;
    const now = room.serverNow();
    const deadline = warmUpDeadline(m, now);
    if (deadline === null) return;
    if (deadline <= now) endWarmUp();
    else handover = scheduler.setTimeout(endWarmUp, Math.ceil(deadline - now));
  });
  return running.finally(() => {
    watch.unsubscribe();
    if (handover !== undefined) scheduler.clearTimeout(handover);
  });
};

/**
 * Before the Join tap the paused player is kept near the room's position (checked this often, ms),
 * so the media there is loaded when the viewer taps: a student who joins during play then starts
 * from buffered data instead of fetching it after the tap.
 */
export const CUE_CHECK_MS = 1000;
/** The player is moved once it is this far (s) from where the room will be… */
export const CUE_TOLERANCE_S = 2;
/** …to this far (s) ahead of the room's position while it plays (the tap comes later). */
export const CUE_AHEAD_S = 1;

/**
 * Keeps a paused player near the room's position (never plays: that needs the viewer's tap), on
 * every room change and every CUE_CHECK_MS. Returns the stop.
 */
export const keepCued = (player: PlayerAdapter, room: PrepRoom, scheduler: Scheduler) => {
  let timer: ReturnType<Scheduler['setTimeout']> | undefined;
  const check = () => {
    const model = room.model();
    if (!model || model.terminated || !player.isPaused()) return;
    const now = room.serverNow();
    const playing = playbackAt(model, now).status === 'playing';
    const target = expectedPosition(model, now) + (playing ? CUE_AHEAD_S : 0);
    const duration = player.duration?.();
    const bounded =
      duration !== undefined && Number.isFinite(duration) ? Math.min(target, duration) : target;
    if (Math.abs(player.currentTime() - bounded) > CUE_TOLERANCE_S) player.setCurrentTime(bounded);
  };
  const loop = () => {
    check();
    timer = scheduler.setTimeout(loop, CUE_CHECK_MS);
  };
  const sub = room.model$.subscribe(check);
  timer = scheduler.setTimeout(loop, CUE_CHECK_MS);
  return () => {
    sub.unsubscribe();
    if (timer !== undefined) scheduler.clearTimeout(timer);
  };
};
