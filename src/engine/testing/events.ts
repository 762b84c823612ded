import type { ParticipantUser, RoomEvent, StreamCommand } from '../../contracts/stream';
import { stampHostCommand } from '../schedule';

/** Builders for room events in tests and benchmarks. */

export const HOST = 'host-1';

export const userFields = (name: string): ParticipantUser => ({
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
): RoomEvent => stampHostCommand(command, { streamId, seq, serverTime, lastAnchor, userId: HOST });

/** A playback command body. */
export const playback = (
  action: 'play' | 'pause' | 'skip' | 'rateChange' | 'ping' | 'terminate',
  timeInVideo: number,
  updatedAt: number,
  opts: { rate?: number; status?: 'playing' | 'paused' } = {},
): StreamCommand => ({
  action,
  status: opts.status ?? (action === 'play' ? 'playing' : 'paused'),
  timeInVideo,
  playbackRate: opts.rate ?? 1,
  updatedAt,
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
