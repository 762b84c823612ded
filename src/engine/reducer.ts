import { PARTICIPANT_EVENT_WINDOW_MS } from '../contracts/constants';
import type { SessionParticipant } from '../contracts/entities';
import type {
  LiveAction,
  LiveActionKind,
  LiveActionPayload,
  Playback,
  RoomEvent,
  RoomModel,
} from '../contracts/stream';

/** How many superseded playbacks the model keeps for changes scheduled ahead of now. */
const PREVIOUS_KEPT = 4;

/**
 * A heartbeat (`ping`) counts only when it agrees with the room's timeline at its instant: same
 * status and rate, position within this (ms). A host builds its heartbeat on its own copy of the
 * room, which may not hold the host's latest command yet; such a heartbeat (a rate change or a
 * skip behind it) would otherwise undo that command for everyone.
 */
export const PING_AGREE_MS = 50;

/** The room before any event: paused at 0. */
export const initialRoomModel = (streamId: string): RoomModel => ({
  streamId,
  lastSeq: 0,
  playback: { status: 'paused', timeInVideo: 0, playbackRate: 1, effectiveAt: 0 },
  previous: [],
  chapter: null,
  telop: null,
  discuss: null,
  vote: null,
  participants: {},
  terminated: false,
});

/** The room's position (s) at server time `serverTime` given one playback segment. */
export const positionAt = (playback: Playback, serverTime: number): number =>
  playback.status === 'playing'
    ? playback.timeInVideo + ((serverTime - playback.effectiveAt) / 1000) * playback.playbackRate
    : playback.timeInVideo;

/** The playback in force at `serverTime`: the newest one whose anchor has been reached. */
export const playbackAt = (model: RoomModel, serverTime: number): Playback => {
  if (serverTime >= model.playback.effectiveAt) return model.playback;
  for (const p of model.previous) if (serverTime >= p.effectiveAt) return p;
  // Before every known anchor (a late joiner whose snapshot dropped the oldest): hold the oldest.
  return model.previous[model.previous.length - 1] ?? model.playback;
};

/** The room's expected position (s) at `serverTime`, never negative. */
export const expectedPosition = (model: RoomModel, serverTime: number): number =>
  Math.max(0, positionAt(playbackAt(model, serverTime), serverTime));

/** The next scheduled playback change after `serverTime` (server ms), or null. */
export const nextPlaybackChangeAt = (model: RoomModel, serverTime: number): number | null => {
  let next: number | null = null;
  for (const p of [model.playback, ...model.previous]) {
    if (p.effectiveAt > serverTime && (next === null || p.effectiveAt < next)) next = p.effectiveAt;
  }
  return next;
};

/** Participants who count at `now`: joined within the last 12 hours, oldest join first. */
export const participantsAt = (model: RoomModel, now: number): SessionParticipant[] =>
  Object.values(model.participants)
    .filter((p) => p.joinedAt >= now - PARTICIPANT_EVENT_WINDOW_MS)
    .sort((a, b) => a.joinedAt - b.joinedAt || a.id.localeCompare(b.id));

const withPlayback = (model: RoomModel, next: Playback): RoomModel => ({
  ...model,
  playback: next,
  previous: [model.playback, ...model.previous].slice(0, PREVIOUS_KEPT),
});

const liveAction = (event: RoomEvent & { payload: LiveActionPayload }): LiveAction | null => {
  if (!event.payload.active) return null;
  const base: LiveAction = {
    timedAction: event.payload.timedAction,
    effectiveAt: event.effectiveAt,
    seq: event.seq,
    showResult: event.payload.showResult ?? false,
  };
  return event.payload.voteId === undefined ? base : { ...base, voteId: event.payload.voteId };
};

const pruneParticipants = (
  participants: RoomModel['participants'],
  now: number,
): RoomModel['participants'] => {
  const kept: RoomModel['participants'] = {};
  for (const [id, p] of Object.entries(participants)) {
    if (p.joinedAt >= now - PARTICIPANT_EVENT_WINDOW_MS) kept[id] = p;
  }
  return kept;
};

/**
 * Folds one event into the room. Pure; the server builds snapshots with it and every client
 * folds the same log, so they cannot disagree. Events at or below `lastSeq` are duplicates.
 */
export const reduceRoom = (model: RoomModel, event: RoomEvent): RoomModel => {
  if (event.seq <= model.lastSeq || event.streamId !== model.streamId) return model;
  const next = applyEvent(model, event);
  return { ...next, lastSeq: event.seq };
};

const applyEvent = (model: RoomModel, event: RoomEvent): RoomModel => {
  switch (event.type) {
    case 'play':
    case 'pause':
    case 'skip':
    case 'rateChange':
    case 'terminate': {
      if (model.terminated) return model;
      const status =
        event.type === 'play'
          ? 'playing'
          : event.type === 'skip' || event.type === 'rateChange'
            ? event.payload.status
            : 'paused';
      // Anchors only move forward, so an earlier-scheduled change can never be overtaken.
      const effectiveAt = Math.max(event.effectiveAt, model.playback.effectiveAt);
      const playback: Playback = {
        status,
        timeInVideo: event.payload.timeInVideo,
        playbackRate: event.payload.playbackRate,
        effectiveAt,
      };
      const moved = withPlayback(model, playback);
      return event.type === 'terminate' ? { ...moved, terminated: true } : moved;
    }
    case 'ping': {
      // A heartbeat measured before the latest anchor is stale (a change is scheduled after it).
      if (model.terminated || event.effectiveAt < model.playback.effectiveAt) return model;
      // ...and so is one that disagrees with the timeline: built on a model that missed a command.
      const current = model.playback;
      const offMs =
        Math.abs(positionAt(current, event.effectiveAt) - event.payload.timeInVideo) * 1000;
      if (
        event.payload.status !== current.status ||
        event.payload.playbackRate !== current.playbackRate ||
        offMs > PING_AGREE_MS
      ) {
        return model;
      }
      return withPlayback(model, {
        status: event.payload.status,
        timeInVideo: event.payload.timeInVideo,
        playbackRate: event.payload.playbackRate,
        effectiveAt: event.effectiveAt,
      });
    }
    case 'chapter':
    case 'telop':
    case 'discuss':
    case 'vote': {
      const key: LiveActionKind = event.type;
      return { ...model, [key]: liveAction(event) };
    }
    case 'joinStream':
    case 'joinSession': {
      const { userId, user, createdAt } = event.payload;
      const participants = pruneParticipants(model.participants, event.serverTime);
      const existing = participants[userId];
      // A join counts only within 12 hours; the newest join of a user wins.
      if (createdAt < event.serverTime - PARTICIPANT_EVENT_WINDOW_MS) {
        return { ...model, participants };
      }
      const joinedAt = existing ? Math.max(existing.joinedAt, createdAt) : createdAt;
      return {
        ...model,
        participants: { ...participants, [userId]: { id: userId, ...user, joinedAt } },
      };
    }
    case 'leaveStream': {
      const participants = pruneParticipants(model.participants, event.serverTime);
      const existing = participants[event.payload.userId];
      // A leave removes the user only if their join came before the leave.
      if (!existing || existing.joinedAt >= event.payload.updatedAt) {
        return { ...model, participants };
      }
      const { [event.payload.userId]: _left, ...rest } = participants;
      return { ...model, participants: rest };
    }
  }
};
