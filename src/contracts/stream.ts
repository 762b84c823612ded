import { z } from 'zod';
import { Picture } from './picture';
import { ROOM_NAME_MAX } from './constants';
import { nameText } from './names';
import {
  EpochMs,
  Id,
  Lang,
  Role,
  School,
  SessionParticipant,
  Stream,
  StreamSettings,
  TimedAction,
} from './entities';

/**
 * Rooms (streams): the host's commands, the room event log, the snapshot a late joiner receives,
 * and the stream CRUD calls. Times are epoch milliseconds of the server's clock unless they are a
 * position in the video (`timeInVideo`, seconds).
 */

export const PlaybackStatus = z.enum(['playing', 'paused']);
export type PlaybackStatus = z.infer<typeof PlaybackStatus>;

/** The host commands, one per `POST /v1/stream/{id}/{kind}`. */
const STREAM_COMMAND_KINDS = [
  'play',
  'pause',
  'skip',
  'rateChange',
  'ping',
  'chapter',
  'telop',
  'discuss',
  'vote',
  'terminate',
] as const;
export const StreamCommandKind = z.enum(STREAM_COMMAND_KINDS);
export type StreamCommandKind = z.infer<typeof StreamCommandKind>;

/** Commands that move the room's playback (the rest push a timed action live). */
export const PLAYBACK_COMMAND_KINDS = [
  'play',
  'pause',
  'skip',
  'rateChange',
  'ping',
  'terminate',
] as const;
/** Commands that show or hide a timed action for the whole room. */
const LIVE_ACTION_KINDS = ['chapter', 'telop', 'discuss', 'vote'] as const;
export type LiveActionKind = (typeof LIVE_ACTION_KINDS)[number];

/** The range a host may set; the player preferences allow the same. */
const PlaybackRate = z.number().min(0.25).max(4);
const TimeInVideo = z
  .number()
  .nonnegative()
  .max(24 * 60 * 60);

const commandBase = {
  status: PlaybackStatus,
  timeInVideo: TimeInVideo,
  playbackRate: PlaybackRate,
  /**
   * The server time (the host's estimate) at which `timeInVideo` holds. For every command but
   * `ping` it is the scheduled instant the change takes effect, slightly ahead of now.
   */
  effectiveAt: EpochMs,
};

const playbackCommand = <K extends (typeof PLAYBACK_COMMAND_KINDS)[number]>(type: K) =>
  z.object({ type: z.literal(type), ...commandBase }).strict();

/** The extras of chapter / telop / discuss / vote: which timed action, shown (true) or hidden. */
const liveActionExtras = {
  timedAction: TimedAction,
  active: z.boolean(),
};

const PlayCommand = playbackCommand('play');
const PauseCommand = playbackCommand('pause');
const SkipCommand = playbackCommand('skip');
const RateChangeCommand = playbackCommand('rateChange');
/** The host's heartbeat: its player's position, which re-anchors the room timeline. */
const PingCommand = playbackCommand('ping');
/** Ends the room; it stays paused. */
const TerminateCommand = playbackCommand('terminate');
const ChapterCommand = z
  .object({ type: z.literal('chapter'), ...commandBase, ...liveActionExtras })
  .strict();
const TelopCommand = z
  .object({ type: z.literal('telop'), ...commandBase, ...liveActionExtras })
  .strict();
const DiscussCommand = z
  .object({ type: z.literal('discuss'), ...commandBase, ...liveActionExtras })
  .strict();
const VoteCommand = z
  .object({
    type: z.literal('vote'),
    ...commandBase,
    ...liveActionExtras,
    /** The vote record (POST /v1/session/{id}/vote) the room answers, when it exists. */
    voteId: z.optional(Id),
    /** Show the tallies now rather than at the action's resultTime. */
    showResult: z.boolean().optional(),
  })
  .strict();

/**
 * A host command in the room's vocabulary: `type` is the discriminator and `effectiveAt` the
 * instant, as in `RoomEvent`, `Playback` and every realtime message. Only the HTTP body (below)
 * spells them the spec's way.
 */
export const StreamCommand = z.discriminatedUnion('type', [
  PlayCommand,
  PauseCommand,
  SkipCommand,
  RateChangeCommand,
  PingCommand,
  TerminateCommand,
  ChapterCommand,
  TelopCommand,
  DiscussCommand,
  VoteCommand,
]);
export type StreamCommand = z.infer<typeof StreamCommand>;

/**
 * The body of `POST /v1/stream/{id}/{kind}` as the spec names its fields (`action`,
 * `updatedAt`): the public HTTP API keeps them, and this edge is the one place that translates
 * (docs/decisions/0142-room-log-and-protocol.md).
 */
export type StreamCommandBody = StreamCommand extends infer C
  ? C extends { type: infer T; effectiveAt: number }
    ? Omit<C, 'type' | 'effectiveAt'> & { action: T; updatedAt: number }
    : never
  : never;

/** The spec's HTTP body for a command (what the client posts). */
export const toStreamCommandBody = (command: StreamCommand): StreamCommandBody => {
  const { type, effectiveAt, ...rest } = command;
  return { ...rest, action: type, updatedAt: effectiveAt } as StreamCommandBody;
};

/** Path parameters of `POST /v1/stream/{id}/{kind}`. */
export const StreamCommandParams = z.object({ id: Id, kind: StreamCommandKind });

/** Parses a command body against the kind in the path (a mismatch is a bad request). */
export const parseStreamCommand = (
  kind: StreamCommandKind,
  body: unknown,
): { ok: true; command: StreamCommand } | { ok: false; message: string } => {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'the body must be an object' };
  }
  const { action, updatedAt, ...rest } = body as Record<string, unknown>;
  if (action === undefined) return { ok: false, message: 'action: Required' };
  if ('type' in rest || 'effectiveAt' in rest) {
    return { ok: false, message: 'unknown keys: send action and updatedAt' };
  }
  const parsed = StreamCommand.safeParse({ ...rest, type: action, effectiveAt: updatedAt });
  if (!parsed.success) {
    // Report the spec's field names, not the internal ones.
    const message = parsed.error.issues
      .slice(0, 3)
      .map((i) => {
        const path = i.path
          .map((p) => (p === 'type' ? 'action' : p === 'effectiveAt' ? 'updatedAt' : String(p)))
          .join('.');
        return `${path || '(root)'}: ${i.message}`;
      })
      .join('; ');
    return { ok: false, message };
  }
  if (parsed.data.type !== kind) return { ok: false, message: `action must be '${kind}'` };
  return { ok: true, command: parsed.data };
};

// ---------------------------------------------------------------------------------------------
// The room event log

/** A playback change as stored: the issuing host and the state from `effectiveAt` on. */
const PlaybackPayload = z.object({
  userId: Id,
  status: PlaybackStatus,
  timeInVideo: TimeInVideo,
  playbackRate: PlaybackRate,
});
type PlaybackPayload = z.infer<typeof PlaybackPayload>;

export const LiveActionPayload = PlaybackPayload.extend({
  timedAction: TimedAction,
  active: z.boolean(),
  voteId: z.optional(Id),
  showResult: z.boolean().optional(),
});
export type LiveActionPayload = z.infer<typeof LiveActionPayload>;

/** What a participant shows of themselves (the SessionParticipant fields but id and joinedAt). */
export const ParticipantUser = z.object({
  displayName: z.string(),
  image: z.nullable(Picture),
  role: Role,
  school: z.nullable(School),
});
export type ParticipantUser = z.infer<typeof ParticipantUser>;

export const JoinPayload = z.object({
  userId: Id,
  user: ParticipantUser,
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type JoinPayload = z.infer<typeof JoinPayload>;

export const LeavePayload = z.object({ userId: Id, createdAt: EpochMs, updatedAt: EpochMs });
export type LeavePayload = z.infer<typeof LeavePayload>;

const eventBase = {
  streamId: Id,
  /** Per-stream sequence, 1-based, gap-free in the log. */
  seq: z.number().int().positive(),
  /** When the server stored the event. */
  serverTime: EpochMs,
  /** The server time the change takes effect (≥ serverTime for host commands but ping). */
  effectiveAt: EpochMs,
};

const event = <T extends string, P extends z.ZodTypeAny>(type: T, payload: P) =>
  z.object({ ...eventBase, type: z.literal(type), payload });

/** One entry of a stream's append-only event log. */
export const RoomEvent = z.discriminatedUnion('type', [
  event('play', PlaybackPayload),
  event('pause', PlaybackPayload),
  event('skip', PlaybackPayload),
  event('rateChange', PlaybackPayload),
  event('ping', PlaybackPayload),
  event('terminate', PlaybackPayload),
  event('chapter', LiveActionPayload),
  event('telop', LiveActionPayload),
  event('discuss', LiveActionPayload),
  event('vote', LiveActionPayload),
  event('joinStream', JoinPayload),
  event('joinSession', JoinPayload),
  event('leaveStream', LeavePayload),
]);
export type RoomEvent = z.infer<typeof RoomEvent>;

// ---------------------------------------------------------------------------------------------
// The folded room (engine/reducer.ts builds it; the server sends it as a snapshot)

/** The room's playback from `effectiveAt` (server ms) on: position(t) is derived, never stored. */
export const Playback = z.object({
  status: PlaybackStatus,
  timeInVideo: TimeInVideo,
  playbackRate: PlaybackRate,
  effectiveAt: EpochMs,
});
export type Playback = z.infer<typeof Playback>;

/** A timed action the host pushed live, shown from `effectiveAt` (server ms). */
export const LiveAction = z.object({
  timedAction: TimedAction,
  effectiveAt: EpochMs,
  seq: z.number().int().positive(),
  voteId: z.optional(Id),
  showResult: z.boolean(),
});
export type LiveAction = z.infer<typeof LiveAction>;

export const RoomModel = z.object({
  streamId: Id,
  /** The highest event seq folded in (0: nothing yet). */
  lastSeq: z.number().int().nonnegative(),
  /** The latest playback; it may take effect in the future (effectiveAt > now). */
  playback: Playback,
  /** Earlier playbacks, newest first, so a change scheduled ahead does not erase the present. */
  previous: z.array(Playback).max(8),
  chapter: LiveAction.nullable(),
  telop: LiveAction.nullable(),
  discuss: LiveAction.nullable(),
  vote: LiveAction.nullable(),
  /** By user id; read through engine `participantsAt(model, now)` for the 12-hour rule. */
  participants: z.record(Id, SessionParticipant),
  terminated: z.boolean(),
});
export type RoomModel = z.infer<typeof RoomModel>;

/** The room at `seq`: a late joiner starts here, then folds the events after it. */
export const RoomSnapshot = z.object({
  streamId: Id,
  seq: z.number().int().nonnegative(),
  model: RoomModel,
});
export type RoomSnapshot = z.infer<typeof RoomSnapshot>;

/**
 * The events of one room, in seq order: the one envelope of the bus, the wire (`events`) and the
 * room log (engine/room-log.ts).
 */
export const RoomEventBatch = z.object({ streamId: Id, events: z.array(RoomEvent) });
export type RoomEventBatch = z.infer<typeof RoomEventBatch>;

/** What a transport delivers for one room: a batch of events, or a snapshot to start from. */
export type RoomFeed =
  ({ type: 'events' } & RoomEventBatch) | { type: 'snapshot'; snapshot: RoomSnapshot };

/** Response of `POST /v1/stream/{id}/{kind}`: the stored event. */
export const StreamCommandResponse = z.object({ item: RoomEvent });

// ---------------------------------------------------------------------------------------------
// Stream CRUD

const RoomName = nameText(ROOM_NAME_MAX);

/** POST /v1/stream. The host is the caller. */
export const CreateStreamRequest = z
  .object({
    sessionId: Id,
    name: RoomName,
    lang: Lang,
    groupIds: z.array(Id).max(100),
    settings: StreamSettings,
  })
  .strict();
export type CreateStreamRequest = z.infer<typeof CreateStreamRequest>;

/** PUT /v1/stream/{id}: any subset; `isDeleted: true` is the soft delete. */
export const UpdateStreamRequest = z
  .object({
    name: z.optional(RoomName),
    lang: z.optional(Lang),
    groupIds: z.array(Id).max(100).optional(),
    settings: StreamSettings.optional(),
    isDeleted: z.boolean().optional(),
  })
  .strict();
export type UpdateStreamRequest = z.infer<typeof UpdateStreamRequest>;

/** Query strings carry 'true' / 'false'; z.coerce.boolean would read 'false' as true. */
const QueryBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/** GET /v1/streams query. The rooms list asks for startTimeAfter = now − 12 h, isDeleted=false. */
export const ListStreamsQuery = z.object({
  sessionId: z.optional(Id),
  isDeleted: z.optional(QueryBoolean),
  startTimeAfter: z.coerce.number().int().nonnegative().optional(),
});
export type ListStreamsQuery = z.infer<typeof ListStreamsQuery>;

export const StreamIdParams = z.object({ id: Id });
export const ListStreamsResponse = z.object({ items: z.array(Stream) });
export const StreamResponse = z.object({ item: Stream });
