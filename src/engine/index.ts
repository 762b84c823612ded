/**
 * The engine's public surface, for the watch page, the rooms list and the server hub. Test
 * harnesses are imported from `engine/testing/*` directly and never from here.
 */
export {
  initialRoomModel,
  reduceRoom,
  playbackAt,
  expectedPosition,
  participantsAt,
} from './reducer';
export type { HostIntent } from './schedule';
export { FOLLOWER_DEFAULTS, FOLLOWER_PROFILES, createFollower } from './follower-machine';
export type {
  FollowerConfig,
  FollowerProfile,
  FollowerStatus,
  PlayerAdapter,
  Follower,
} from './follower-machine';
export { createHostDriver } from './host';
export { keepCued, startDue, warmUpUntilDue } from './player-prep';
export { activeActionsAt } from './timeline';
export { createRoomClient, reportFollowerStatus } from './room-client';
export type { RoomClient, ParticipantStatus, RoomStatus, RoomFailure } from './room-client';
export { reduceStreamList, visibleStreams } from './stream-list';
export { createWsTransport } from './transports/ws';
export type { SocketLike } from './transports/ws';
export { createHttpSocket } from './transports/http-socket';
export type { FetchLike } from './transports/http-socket';
export { createFallbackConnector } from './transports/fallback';
export { createFirestoreTransport } from './transports/firestore';
export { createDeferredTransport } from './transports/deferred';
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
