import type {
  LiveActionKind,
  PlaybackStatus,
  RoomEvent,
  RoomModel,
  StreamCommand,
} from '../contracts/stream';
import type { TimedAction } from '../contracts/entities';
import { expectedPosition, PING_AGREE_MS, playbackAt } from './reducer';

/**
 * Host changes are scheduled slightly ahead so that every follower (and the host's own player)
 * starts them at the same server instant: the event reaches everyone before it takes effect.
 */

/**
 * The lead follows the class's measured round trips: the command travels host → server (about
 * half the host's round trip), then server → each follower (about half that follower's round trip),
 * plus this margin for the server's stamp and fan-out and the follower's tick (ms).
 */
const SCHEDULE_LEAD_MARGIN_MS = 60;
/** The shortest lead (ms) between a host's click and the change taking effect. */
export const MIN_SCHEDULE_LEAD_MS = 100;
/** The longest lead the server accepts; a later `effectiveAt` is pulled back to this. */
export const MAX_SCHEDULE_LEAD_MS = 2000;
/** A heartbeat measured longer ago than this is re-anchored at this age (ms). */
const MAX_PING_AGE_MS = 5000;

/**
 * The lead (ms) for a host with this round trip and a class whose followers' round trips are
 * `classRoundTripMs` (room-client `classRoundTrip`; the host's own when no follower has
 * reported): half of each, plus the margin, within [100 ms, 2 s]. Medians, not the slowest sample:
 * one slow exchange (a busy page, a stalled device) would otherwise hold every command back for
 * minutes, while the ±20 ms jitter of a typical link fits in the margin. On a 50 ± 20 ms link
 * (median round trip ~100 ms) that is about 160 ms.
 */
export const scheduleLead = (hostRoundTripMs: number, classRoundTripMs?: number): number =>
  Math.min(
    MAX_SCHEDULE_LEAD_MS,
    Math.max(
      MIN_SCHEDULE_LEAD_MS,
      Math.ceil(
        hostRoundTripMs / 2 + (classRoundTripMs ?? hostRoundTripMs) / 2 + SCHEDULE_LEAD_MARGIN_MS,
      ),
    ),
  );

/** The server time a host change made now should take effect at. */
export const scheduleEffectiveAt = (
  serverNow: number,
  hostRoundTripMs: number,
  classRoundTripMs?: number,
): number => serverNow + scheduleLead(hostRoundTripMs, classRoundTripMs);

/** What the host wants; the command's timing fields are derived from the room model. */
export type HostIntent =
  /**
   * Play; with `from`, from that position (s) in the same command, so the room moves there and
   * plays at one instant (replay at the end: `{ type: 'play', from: 0 }`).
   */
  | { type: 'play'; from?: number }
  | { type: 'pause' }
  | { type: 'skip'; to: number }
  /**
   * Skip by `by` seconds from where the room will be when it takes effect, counted on the model
   * the command is built on: the host's answered commands are in it, so quick presses add up.
   */
  | { type: 'skipBy'; by: number }
  | { type: 'rateChange'; rate: number }
  | { type: 'terminate' }
  /** The heartbeat: the host player's measured position right now. */
  | { type: 'ping'; position: number; status: PlaybackStatus }
  | {
      type: LiveActionKind;
      timedAction: TimedAction;
      active: boolean;
      voteId?: string;
      showResult?: boolean;
    };

/**
 * Builds the host command for an intent: the position and rate the room will have at
 * `effectiveAt` (serverNow + lead from the host's and the class's round trips).
 */
export const buildHostCommand = (
  model: RoomModel,
  intent: HostIntent,
  serverNow: number,
  roundTripMs: number,
  classRoundTripMs?: number,
): StreamCommand => {
  if (intent.type === 'ping') {
    const at = Math.round(serverNow);
    const current = playbackAt(model, at);
    const room = expectedPosition(model, at);
    // On the timeline within the bound: the heartbeat restates it, so it moves nobody. (The
    // host's player is a follower itself, kept within 40 ms; re-anchored to its reading, the room
    // moved every viewer by that reading's error: 20–25 ms at each heartbeat in bench:sync.)
    const agrees =
      current.status === intent.status && Math.abs(intent.position - room) * 1000 <= PING_AGREE_MS;
    return {
      type: 'ping',
      status: intent.status,
      timeInVideo: agrees ? room : Math.max(0, intent.position),
      playbackRate: current.playbackRate,
      effectiveAt: at,
    };
  }
  const at = Math.round(scheduleEffectiveAt(serverNow, roundTripMs, classRoundTripMs));
  const then = playbackAt(model, at);
  const base = {
    status: then.status,
    timeInVideo: expectedPosition(model, at),
    playbackRate: then.playbackRate,
    effectiveAt: at,
  };
  switch (intent.type) {
    case 'play':
      return intent.from === undefined
        ? { ...base, type: 'play', status: 'playing' }
        : { ...base, type: 'play', status: 'playing', timeInVideo: Math.max(0, intent.from) };
    case 'pause':
      return { ...base, type: 'pause', status: 'paused' };
    case 'terminate':
      return { ...base, type: 'terminate', status: 'paused' };
    case 'skip':
      return { ...base, type: 'skip', timeInVideo: Math.max(0, intent.to) };
    case 'skipBy':
      return { ...base, type: 'skip', timeInVideo: Math.max(0, base.timeInVideo + intent.by) };
    case 'rateChange':
      return { ...base, type: 'rateChange', playbackRate: intent.rate };
    case 'vote': {
      const cmd: StreamCommand = {
        ...base,
        type: 'vote',
        timedAction: intent.timedAction,
        active: intent.active,
      };
      if (intent.voteId !== undefined) cmd.voteId = intent.voteId;
      if (intent.showResult !== undefined) cmd.showResult = intent.showResult;
      return cmd;
    }
    default:
      return {
        ...base,
        type: intent.type,
        timedAction: intent.timedAction,
        active: intent.active,
      };
  }
};

/** Stamping context the server supplies: the room as its log folds it, its clock, the host. */
export interface StampContext {
  /** The room at the head of its log: the event gets seq lastSeq + 1, after its latest anchor. */
  model: RoomModel;
  serverTime: number;
  /** The host's user id. */
  userId: string;
}

/**
 * Server side: turns a validated host command into the stored event. A command's effective time
 * is the host's `effectiveAt`, clamped to [serverTime, serverTime + 2 s] and never before the
 * room's latest anchor (model.playback.effectiveAt); a ping keeps its measurement time (at most
 * 5 s old).
 */
export const stampHostCommand = (command: StreamCommand, ctx: StampContext): RoomEvent => {
  const { model, userId } = ctx;
  const streamId = model.streamId;
  const seq = model.lastSeq + 1;
  // Stored times are whole milliseconds (EpochMs); a fractional clock is rounded here.
  const serverTime = Math.round(ctx.serverTime);
  const effectiveAt = Math.round(
    command.type === 'ping'
      ? Math.min(serverTime, Math.max(serverTime - MAX_PING_AGE_MS, command.effectiveAt))
      : Math.max(
          model.playback.effectiveAt,
          Math.min(serverTime + MAX_SCHEDULE_LEAD_MS, Math.max(serverTime, command.effectiveAt)),
        ),
  );
  const playback = {
    userId,
    status: command.status,
    timeInVideo: command.timeInVideo,
    playbackRate: command.playbackRate,
  };
  const base = { streamId, seq, serverTime, effectiveAt };
  switch (command.type) {
    case 'chapter':
    case 'telop':
    case 'discuss':
      return {
        ...base,
        type: command.type,
        payload: { ...playback, timedAction: command.timedAction, active: command.active },
      };
    case 'vote': {
      const payload: RoomEvent['payload'] & { timedAction: TimedAction } = {
        ...playback,
        timedAction: command.timedAction,
        active: command.active,
      };
      if (command.voteId !== undefined) payload.voteId = command.voteId;
      if (command.showResult !== undefined) payload.showResult = command.showResult;
      return { ...base, type: 'vote', payload };
    }
    default:
      return { ...base, type: command.type, payload: playback };
  }
};
