import type { PlaybackStatus } from '../contracts/stream';
import type { PlayerAdapter } from './follower-machine';
import { expectedPosition, playbackAt } from './reducer';
import type { RoomClient } from './room-client';
import type { Scheduler, TimerHandle } from './time';

/**
 * The host side of stalls: a buffering student never pauses the class, but when the host's own
 * player stalls the room pauses for everyone and resumes when the host's player recovers.
 */

/** The host must stall this long before the room pauses (ms): a short hiccup is not worth it. */
const HOST_STALL_PAUSE_MS = 500;
/** The host's player must play smoothly this long before the room resumes (ms). */
const HOST_RECOVER_PLAY_MS = 300;

export interface HostStallState {
  stalledSince: number | null;
  recoveredSince: number | null;
  /** The room is paused because of our stall (so we, not the host's click, resume it). */
  pausedForStall: boolean;
  /** The room has been seen paused since our pause (it takes effect slightly ahead). */
  roomPausedSeen: boolean;
}

export const initialHostStall: HostStallState = {
  stalledSince: null,
  recoveredSince: null,
  pausedForStall: false,
  roomPausedSeen: false,
};

export interface HostStallInput {
  /** Local time (ms). */
  now: number;
  /** Whether the host's player is waiting for data. */
  buffering: boolean;
  /** The room's playback status now. */
  roomStatus: PlaybackStatus;
}

/**
 * One step of the host stall rule: returns the next state and, when due, the command the host
 * sends ('pause' after a stall of 500 ms while playing, 'play' 300 ms after recovering from it).
 */
export const hostStallStep = (
  state: HostStallState,
  input: HostStallInput,
): { state: HostStallState; send?: 'pause' | 'play' } => {
  const { now, buffering, roomStatus } = input;
  const roomPausedSeen = state.pausedForStall && (state.roomPausedSeen || roomStatus === 'paused');
  if (buffering) {
    const stalledSince = state.stalledSince ?? now;
    if (
      !state.pausedForStall &&
      roomStatus === 'playing' &&
      now - stalledSince >= HOST_STALL_PAUSE_MS
    ) {
      return {
        state: { stalledSince, recoveredSince: null, pausedForStall: true, roomPausedSeen: false },
        send: 'pause',
      };
    }
    return { state: { ...state, stalledSince, recoveredSince: null, roomPausedSeen } };
  }
  if (!state.pausedForStall) return { state: { ...initialHostStall } };
  // The room paused and is playing again: somebody (the host's click) resumed it already.
  if (roomPausedSeen && roomStatus === 'playing') return { state: { ...initialHostStall } };
  const recoveredSince = state.recoveredSince ?? now;
  if (roomStatus === 'paused' && now - recoveredSince >= HOST_RECOVER_PLAY_MS) {
    return { state: { ...initialHostStall }, send: 'play' };
  }
  return { state: { ...state, stalledSince: null, recoveredSince, roomPausedSeen } };
};

// ---------------------------------------------------------------------------------------------
// The host driver: stall rule and heartbeat, run against the host's own player

/** How often the host's heartbeat (the `ping` command) re-anchors the room while playing (ms). */
const HOST_PING_INTERVAL_MS = 10_000;
/** How often the host's player is checked for a stall (ms). */
const HOST_CHECK_MS = 250;
/**
 * The heartbeat measures the host's media clock only while the host's player plays on the room's
 * timeline within this (ms). A player that slipped, or that its follower is correcting (seeking,
 * or paused for a hold after landing ahead), would move the whole room to a wrong position.
 */
export const HOST_PING_MAX_DRIFT_MS = 50;

export interface HostDriverDeps {
  /** The host's room client (only `model`, `serverNow` and `command` are used). */
  client: Pick<RoomClient, 'model' | 'serverNow' | 'command'>;
  player: Pick<PlayerAdapter, 'currentTime' | 'isBuffering' | 'isPaused' | 'duration'>;
  scheduler: Scheduler;
}

/**
 * Runs the host side: pauses the room when the host's own player stalls (and resumes it on
 * recovery) or when the video has ended, and sends the heartbeat with the host player's position
 * every 10 s while playing.
 * Returns a stop function.
 */
export const createHostDriver = ({ client, player, scheduler }: HostDriverDeps): (() => void) => {
  let state = initialHostStall;
  let lastPingAt = scheduler.now();
  let endPauseSent = false;
  let timer: TimerHandle | undefined;
  let stopped = false;

  const check = () => {
    const model = client.model();
    if (model && !model.terminated) {
      const now = scheduler.now();
      const buffering = player.isBuffering();
      const roomStatus = playbackAt(model, client.serverNow()).status;
      const duration = player.duration?.();
      const ended =
        roomStatus === 'playing' &&
        duration !== undefined &&
        Number.isFinite(duration) &&
        expectedPosition(model, client.serverNow()) >= duration;
      const step = hostStallStep(state, { now, buffering, roomStatus });
      state = step.state;
      // The video ended while the room plays: pause it at the end for everyone, once.
      if (ended && !endPauseSent) {
        endPauseSent = true;
        void client.command({ type: 'pause' });
      } else if (step.send) void client.command({ type: step.send });
      else if (
        roomStatus === 'playing' &&
        !buffering &&
        !player.isPaused() &&
        now - lastPingAt >= HOST_PING_INTERVAL_MS
      ) {
        const position = player.currentTime();
        const driftMs = (position - expectedPosition(model, client.serverNow())) * 1000;
        // Off the timeline: skip this check; the heartbeat goes out once the player is back on.
        if (Math.abs(driftMs) <= HOST_PING_MAX_DRIFT_MS) {
          lastPingAt = now;
          void client.command({ type: 'ping', position, status: 'playing' });
        }
      }
      if (roomStatus !== 'playing') {
        lastPingAt = now;
        endPauseSent = false;
      }
    }
    if (!stopped) timer = scheduler.setTimeout(check, HOST_CHECK_MS);
  };
  timer = scheduler.setTimeout(check, HOST_CHECK_MS);
  return () => {
    stopped = true;
    if (timer !== undefined) scheduler.clearTimeout(timer);
  };
};
