import { useEffect } from 'react';
import type { Me } from '@/contracts/user-entities';
import { analyticsProviderFrom, createAnalytics } from './analytics';
import { analyticsEventFor } from './consent-rules';

const env = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** One analytics instance per page, on the provider the build was configured with. */
const analytics = createAnalytics(
  analyticsProviderFrom({
    provider: env(import.meta.env.VITE_ANALYTICS_PROVIDER),
    endpoint: env(import.meta.env.VITE_ANALYTICS_ENDPOINT),
  }),
);

/**
 * Sends the user-id and role event when the consent rules allow it (see analyticsEventFor);
 * again whenever the user, their answer or the token changes.
 */
export function useAnalytics(me: Me | undefined, hasToken: boolean, loading: boolean): void {
  useEffect(() => {
    // While the user is still loading, the event would wrongly be the empty one.
    if (loading) return;
    analytics.identify(analyticsEventFor(me, hasToken, new Date()));
  }, [me, hasToken, loading]);
}
