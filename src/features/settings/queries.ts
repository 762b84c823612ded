/**
 * The settings feature's server state for other features (issue 28): the one owner of GET
 * /v1/me/groups. Apart from index.ts so a reader does not pull the settings pages in.
 */
export { myGroupsQuery } from './api/get-my-groups';
