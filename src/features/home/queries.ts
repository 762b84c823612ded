/**
 * The home feature's server state for others (issue 28): the one owner of GET /v1/sessions —
 * the live list (the /policy page shows the same sessions) and every session (the room form).
 */
export { allSessionsQuery, liveSessionsQuery } from './api/get-sessions';
