export { FeedbackViewer } from './feedback-viewer';
export { ReactionCounts } from './reaction-counts';
export { ReactionsBar } from './reactions-bar';
export { ReportModal } from './report-modal';
export type { ReportTarget } from './report-modal';
export { SessionOutputs } from './session-outputs';
export { NotPublishedNotice } from './not-published-notice';
