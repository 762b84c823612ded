/**
 * The profile's server state other features read or refresh: apart from index.ts so a reader
 * does not pull the profile pages in.
 */
export { PROFILE_KEY } from './api/get-profile';
