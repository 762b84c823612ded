export { RoomsSection } from './rooms-section';
export { createHubTransport, realtimePath, sessionFeed } from './realtime';
