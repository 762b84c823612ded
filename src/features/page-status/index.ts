export { NotFoundView, PageMessage } from './page-message';
