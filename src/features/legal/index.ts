export { PolicyPage, POLICY_RULES_ANCHOR } from './policy-page';
export type { PolicyPageProps } from './policy-page';
export { TermsPage } from './terms-page';
export { PrivacyPage } from './privacy-page';
export { selectLiveSessions } from './live-sessions';
export type { LiveSessionItem, LiveSessionCandidate } from './live-sessions';
export { useLiveSessions } from './use-live-sessions';
export type { FetchLiveSessions, LiveSessionsState } from './use-live-sessions';
