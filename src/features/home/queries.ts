/**
 * The home feature's server state for others (issue 28): the one owner of GET /v1/sessions'
 * live list (the /policy page shows the same sessions).
 */
export { liveSessionsQuery } from './api/get-sessions';
