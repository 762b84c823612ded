export { refreshSession, useSessionLive, useSessionsLive } from './use-session-live';
