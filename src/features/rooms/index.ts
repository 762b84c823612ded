export { RoomsSection } from './rooms-section';
export type { RoomsSectionProps } from './rooms-section';
export { buildWatchUrl } from './room-rules';
export { useSessionLive, useSessionsLive } from './use-session-live';
export { createHubTransport, realtimePath, realtimePath$ } from './realtime';
