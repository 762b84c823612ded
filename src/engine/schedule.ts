import type {
  LiveActionKind,
  PlaybackStatus,
  RoomEvent,
  RoomModel,
  StreamCommand,
} from '../contracts/stream';
import type { TimedAction } from '../contracts/entities';
import { expectedPosition, playbackAt } from './reducer';

/**
 * Host changes are scheduled slightly ahead so that every follower (and the host's own player)
 * starts them at the same server instant: the event reaches everyone before it takes effect.
 */

/**
 * The lead follows the class's measured round trips: the command travels host → server (about
 * half the host's round trip), then server → each follower (about half that follower's round trip),
 * plus this margin for the server's stamp and fan-out and the follower's tick (ms).
 */
export const SCHEDULE_LEAD_MARGIN_MS = 60;
/** The shortest lead (ms) between a host's click and the change taking effect. */
export const MIN_SCHEDULE_LEAD_MS = 100;
/** The longest lead the server accepts; a later `updatedAt` is pulled back to this. */
export const MAX_SCHEDULE_LEAD_MS = 2000;
/** A heartbeat measured longer ago than this is re-anchored at this age (ms). */
export const MAX_PING_AGE_MS = 5000;

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

/** Milliseconds of local waiting until `serverTime` is reached (0 when already past). */
export const msUntil = (serverTime: number, serverNow: number): number =>
  Math.max(0, serverTime - serverNow);

/** What the host wants; the command's timing fields are derived from the room model. */
export type HostIntent =
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'skip'; to: number }
  | { kind: 'rateChange'; rate: number }
  | { kind: 'terminate' }
  /** The heartbeat: the host player's measured position right now. */
  | { kind: 'ping'; position: number; status: PlaybackStatus }
  | {
      kind: LiveActionKind;
      timedAction: TimedAction;
      active: boolean;
      voteId?: string;
      showResult?: boolean;
    };

/**
 * Builds the body of `POST /v1/stream/{id}/{kind}` for a host intent: the position and rate the
 * room will have at `effectiveAt` (serverNow + lead from the host's and the class's round trips),
 * stamped as `updatedAt`.
 */
export const buildHostCommand = (
  model: RoomModel,
  intent: HostIntent,
  serverNow: number,
  roundTripMs: number,
  classRoundTripMs?: number,
): StreamCommand => {
  if (intent.kind === 'ping') {
    const current = playbackAt(model, serverNow);
    return {
      action: 'ping',
      status: intent.status,
      timeInVideo: Math.max(0, intent.position),
      playbackRate: current.playbackRate,
      updatedAt: Math.round(serverNow),
    };
  }
  const at = Math.round(scheduleEffectiveAt(serverNow, roundTripMs, classRoundTripMs));
  const then = playbackAt(model, at);
  const base = {
    status: then.status,
    timeInVideo: expectedPosition(model, at),
    playbackRate: then.playbackRate,
    updatedAt: at,
  };
  switch (intent.kind) {
    case 'play':
      return { ...base, action: 'play', status: 'playing' };
    case 'pause':
      return { ...base, action: 'pause', status: 'paused' };
    case 'terminate':
      return { ...base, action: 'terminate', status: 'paused' };
    case 'skip':
      return { ...base, action: 'skip', timeInVideo: Math.max(0, intent.to) };
    case 'rateChange':
      return { ...base, action: 'rateChange', playbackRate: intent.rate };
    case 'vote': {
      const cmd: StreamCommand = {
        ...base,
        action: 'vote',
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
        action: intent.kind,
        timedAction: intent.timedAction,
        active: intent.active,
      };
  }
};

/** Stamping context the server supplies: the next seq, its clock, the room's latest anchor. */
export interface StampContext {
  streamId: string;
  seq: number;
  serverTime: number;
  /** The latest playback anchor of the room (model.playback.updatedAt), so anchors never go back. */
  lastAnchor: number;
  /** The host's user id. */
  userId: string;
}

/**
 * Server side: turns a validated host command into the stored event. A command's effective time
 * is the host's `updatedAt`, clamped to [serverTime, serverTime + 2 s] and never before the
 * room's latest anchor; a ping keeps its measurement time (at most 5 s old).
 */
export const stampHostCommand = (command: StreamCommand, ctx: StampContext): RoomEvent => {
  const { streamId, seq, userId } = ctx;
  // Stored times are whole milliseconds (EpochMs); a fractional clock is rounded here.
  const serverTime = Math.round(ctx.serverTime);
  const effectiveAt = Math.round(
    command.action === 'ping'
      ? Math.min(serverTime, Math.max(serverTime - MAX_PING_AGE_MS, command.updatedAt))
      : Math.max(
          ctx.lastAnchor,
          Math.min(serverTime + MAX_SCHEDULE_LEAD_MS, Math.max(serverTime, command.updatedAt)),
        ),
  );
  const playback = {
    userId,
    status: command.status,
    timeInVideo: command.timeInVideo,
    playbackRate: command.playbackRate,
  };
  const base = { streamId, seq, serverTime, effectiveAt };
  switch (command.action) {
    case 'chapter':
    case 'telop':
    case 'discuss':
      return {
        ...base,
        type: command.action,
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
      return { ...base, type: command.action, payload: playback };
  }
};
