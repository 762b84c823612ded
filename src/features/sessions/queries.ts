/**
 * The sessions feature's server state for other features (issue 28): the one owner of GET /v1/session/{id}.
 * Apart from index.ts so a reader does not pull the feature's pages (and their imports) in.
 */
export { fetchSession, sessionQuery } from './api/get-session';
