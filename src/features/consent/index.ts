export { ConsentBanner } from './consent-banner';
export { useAnalytics } from './use-analytics';
