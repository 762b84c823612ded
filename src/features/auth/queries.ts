/**
 * The auth feature's server state for other features (issue 28): the one owner of PUT
 * /v1/user/{id}. Apart from index.ts so a caller does not pull the login page's imports in.
 */
export { updateUser } from './api/update-user';
