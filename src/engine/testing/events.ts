import type { ParticipantUser, RoomEvent, StreamCommand } from '../../contracts/stream';
import { initialRoomModel } from '../reducer';
import { stampHostCommand } from '../schedule';

/** Builders for room events in tests and benchmarks. */

export const HOST = 'host-1';

const userFields = (name: string): ParticipantUser => ({
  displayName: name,
  image: null,
  role: 'member',
  school: null,
});

/** A host command stamped as the server would, at `serverTime` with `seq`. */
export const hostEvent = (
  streamId: string,
  seq: number,
  serverTime: number,
  command: StreamCommand,
  lastAnchor = 0,
): RoomEvent => {
  const model = initialRoomModel(streamId);
  return stampHostCommand(command, {
    model: {
      ...model,
      lastSeq: seq - 1,
      playback: { ...model.playback, effectiveAt: lastAnchor },
    },
    serverTime,
    userId: HOST,
  });
};

/** A playback command body. */
export const playback = (
  type: 'play' | 'pause' | 'skip' | 'rateChange' | 'ping' | 'terminate',
  timeInVideo: number,
  effectiveAt: number,
  opts: { rate?: number; status?: 'playing' | 'paused' } = {},
): StreamCommand => ({
  type,
  status: opts.status ?? (type === 'play' ? 'playing' : 'paused'),
  timeInVideo,
  playbackRate: opts.rate ?? 1,
  effectiveAt,
});

/** A join event (joinStream unless said otherwise). */
export const joinEvent = (
  streamId: string,
  seq: number,
  serverTime: number,
  userId: string,
  createdAt = serverTime,
  type: 'joinStream' | 'joinSession' = 'joinStream',
): RoomEvent => ({
  streamId,
  seq,
  serverTime,
  effectiveAt: serverTime,
  type,
  payload: { userId, user: userFields(userId), createdAt, updatedAt: createdAt },
});

/** A leave event whose update time is `updatedAt`. */
export const leaveEvent = (
  streamId: string,
  seq: number,
  serverTime: number,
  userId: string,
  updatedAt = serverTime,
): RoomEvent => ({
  streamId,
  seq,
  serverTime,
  effectiveAt: serverTime,
  type: 'leaveStream',
  payload: { userId, createdAt: updatedAt, updatedAt },
});
