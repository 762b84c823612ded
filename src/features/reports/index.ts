import { lazy } from 'react';

/** Class reports (/report/…) and the feedback-zero view (/feedbackzero), loaded on demand. */
const pages = () => import('./report-pages');
export const ReportGroupRedirect = lazy(() =>
  pages().then((m) => ({ default: m.ReportGroupRedirect })),
);
export const ReportGroupLayout = lazy(() =>
  pages().then((m) => ({ default: m.ReportGroupLayout })),
);
export const ReportSessionsPane = lazy(() =>
  pages().then((m) => ({ default: m.ReportSessionsPane })),
);
export const ReportSessionPane = lazy(() =>
  pages().then((m) => ({ default: m.ReportSessionPane })),
);
export const ReportMembersPane = lazy(() =>
  pages().then((m) => ({ default: m.ReportMembersPane })),
);
export const FeedbackZeroPage = lazy(() =>
  import('./feedback-zero-page').then((m) => ({ default: m.FeedbackZeroPage })),
);
