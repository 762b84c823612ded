import type { AnalyticsEvent } from './consent-rules';

/** A web analytics service. Only `identify` exists: the spec sends a user-id and role event. */
export interface AnalyticsProvider {
  readonly name: string;
  identify(event: AnalyticsEvent): void;
}

export interface AnalyticsSettings {
  /** VITE_ANALYTICS_PROVIDER: which implementation ('beacon'). */
  provider: string | null;
  /** VITE_ANALYTICS_ENDPOINT: where the beacon provider posts its events. */
  endpoint: string | null;
}

type Transport = (url: string, body: string) => void;

/** navigator.sendBeacon survives page unloads; fetch with keepalive where it is missing. */
const browserTransport: Transport = (url, body) => {
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(url, blob)) return;
  void fetch(url, { method: 'POST', body: blob, keepalive: true, credentials: 'omit' }).catch(
    () => undefined, // analytics must never break the page
  );
};

/**
 * Posts each event as JSON to a collector the school or provider runs (any endpoint accepting
 * `{ type: 'identify', userId?, role?, at }`). No cookies are sent with it.
 */
export function beaconProvider(
  endpoint: string,
  transport: Transport = browserTransport,
  now: () => Date = () => new Date(),
): AnalyticsProvider {
  return {
    name: 'beacon',
    identify: (event) =>
      transport(endpoint, JSON.stringify({ type: 'identify', ...event, at: now().toISOString() })),
  };
}

/** The configured provider, or null: with none configured, events go nowhere. */
export function analyticsProviderFrom(settings: AnalyticsSettings): AnalyticsProvider | null {
  if (settings.provider === 'beacon' && settings.endpoint) {
    try {
      const url = new URL(settings.endpoint);
      if (url.protocol === 'https:' || url.protocol === 'http:') return beaconProvider(url.href);
    } catch {
      // A malformed endpoint disables analytics rather than sending to a made-up place.
    }
  }
  return null;
}

/**
 * Sends an event only when it differs from the last one sent, so re-renders and refetches of the
 * same user do not repeat it. `null` (nothing may be sent) sends nothing.
 */
export function createAnalytics(provider: AnalyticsProvider | null) {
  let last: string | null = null;
  return {
    identify(event: AnalyticsEvent | null): void {
      if (!provider || event === null) return;
      const key = JSON.stringify(event);
      if (key === last) return;
      last = key;
      provider.identify(event);
    },
  };
}
