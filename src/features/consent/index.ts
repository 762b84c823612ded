export { ConsentBanner } from './consent-banner';
export type { ConsentBannerProps } from './consent-banner';
export { useAnalytics } from './use-analytics';
