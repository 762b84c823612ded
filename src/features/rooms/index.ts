export { RoomsSection } from './rooms-section';
export { useSessionLive, useSessionsLive } from './use-session-live';
export { createHubTransport, realtimePath } from './realtime';
