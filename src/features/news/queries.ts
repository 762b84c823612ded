/**
 * The news feature's server state for other features (issue 28): the one owner of GET
 * /v0/articles (home's card reads the newest few). Apart from the pages so home does not pull
 * them in.
 */
export { articlesQuery } from './api';
