export { PolicyPage } from './policy-page';
export { TermsPage } from './terms-page';
export { PrivacyPage } from './privacy-page';
export type { LiveSessionCandidate } from './live-sessions';
export { useLiveSessions } from './use-live-sessions';
