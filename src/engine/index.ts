/**
 * The engine's public surface, for the watch page, the rooms list and the server hub. Test
 * harnesses are imported from `engine/testing/*` directly and never from here.
 */
export {
  initialRoomModel,
  reduceRoom,
  positionAt,
  playbackAt,
  expectedPosition,
  nextPlaybackChangeAt,
  participantsAt,
} from './reducer';
export { RoomLog, roomModel$, PENDING_MAX } from './room-log';
export type { RoomGap } from './room-log';
export { ClockEstimator, createClock, roundTrip, sampleOffset } from './clock';
export type { ClockSample, RoomClock } from './clock';
export {
  MIN_SCHEDULE_LEAD_MS,
  MAX_SCHEDULE_LEAD_MS,
  SCHEDULE_LEAD_MARGIN_MS,
  scheduleLead,
  scheduleEffectiveAt,
  msUntil,
  buildHostCommand,
  stampHostCommand,
} from './schedule';
export type { HostIntent, StampContext } from './schedule';
export {
  FOLLOWER_DEFAULTS,
  FOLLOWER_PROFILES,
  followerMachine,
  decideCorrection,
  seekDriftS,
  rateAheadAt,
  createFollower,
} from './follower-machine';
export type {
  FollowerConfig,
  FollowerProfile,
  FollowerStatus,
  PlayerAdapter,
  Follower,
  FollowerTick,
} from './follower-machine';
export { hostStallStep, initialHostStall, createHostDriver } from './host';
export type { HostStallState } from './host';
export {
  activeActionsAt,
  chapterAt,
  nextChangeAfter,
  msUntilPosition,
  isOverlay,
} from './timeline';
export type { ActiveAction } from './timeline';
export { createRoomClient, reportFollowerStatus, classRoundTrip } from './room-client';
export type { RoomClient, ParticipantStatus, RoomStatus, RoomFailure } from './room-client';
export { reduceStreamList, visibleStreams } from './stream-list';
export { createWsTransport, toRoomFeed } from './transports/ws';
export type { SocketLike } from './transports/ws';
export { createHttpSocket } from './transports/http-socket';
export type { FetchLike, HttpSocketMode } from './transports/http-socket';
export { createFallbackConnector } from './transports/fallback';
export type { FallbackConnector } from './transports/fallback';
export { createFirestoreTransport, parseEventDoc } from './transports/firestore';
export { createDeferredTransport } from './transports/deferred';
export type { FirestorePort, DocBatch, DocListener } from './transports/firestore';
export { createSoloRoom } from './solo';
export { createTransportSessionFeed } from './session-feed';
export type { SessionFeed, SessionFeedEvent } from './session-feed';
export type {
  RoomTransport,
  TransportStatus,
  CommandResult,
  PostCommand,
} from './transports/types';
export type { Scheduler, Random } from './time';
