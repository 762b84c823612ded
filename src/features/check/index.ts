/** The system check, /check (issue 13). */
export { CheckPage } from './check-page';
export { realtimeProbe, type RealtimeProbe } from './realtime-probe';
