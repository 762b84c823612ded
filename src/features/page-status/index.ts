export { LoadError, PageLoader } from './load-state';
export { NotFoundView, PageMessage } from './page-message';
export { PageFrame } from './page-frame';
export { OptionalPart, PartError } from './optional-part';
