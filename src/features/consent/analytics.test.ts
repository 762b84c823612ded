import { describe, expect, it } from 'vitest';
import { analyticsProviderFrom, beaconProvider, createAnalytics } from './analytics';

describe('analyticsProviderFrom', () => {
  it('has no provider when none is configured', () => {
    expect(analyticsProviderFrom({ provider: null, endpoint: null })).toBeNull();
    expect(analyticsProviderFrom({ provider: 'beacon', endpoint: null })).toBeNull();
    expect(analyticsProviderFrom({ provider: 'beacon', endpoint: 'not a url' })).toBeNull();
    expect(
      analyticsProviderFrom({ provider: 'other', endpoint: 'https://a.example/e' }),
    ).toBeNull();
  });

  it('selects the beacon provider for a configured endpoint', () => {
    expect(
      analyticsProviderFrom({ provider: 'beacon', endpoint: 'https://a.example/e' })?.name,
    ).toBe('beacon');
  });
});

describe('beaconProvider', () => {
  it('posts the event as JSON to the endpoint', () => {
    const sent: Array<[string, unknown]> = [];
    const provider = beaconProvider(
      'https://a.example/e',
      (url, body) => sent.push([url, JSON.parse(body)]),
      () => new Date('2026-11-22T00:00:00Z'),
    );
    provider.identify({ userId: 'u1', role: 'member' });
    provider.identify({});
    expect(sent).toEqual([
      [
        'https://a.example/e',
        { type: 'identify', userId: 'u1', role: 'member', at: '2026-11-22T00:00:00.000Z' },
      ],
      ['https://a.example/e', { type: 'identify', at: '2026-11-22T00:00:00.000Z' }],
    ]);
  });
});

describe('createAnalytics', () => {
  it('sends a changed event once and nothing for null', () => {
    const events: unknown[] = [];
    const analytics = createAnalytics({ name: 't', identify: (e) => events.push(e) });
    analytics.identify(null);
    analytics.identify({});
    analytics.identify({});
    analytics.identify({ userId: 'u1', role: 'member' });
    analytics.identify({ userId: 'u1', role: 'member' });
    expect(events).toEqual([{}, { userId: 'u1', role: 'member' }]);
  });

  it('does nothing without a provider', () => {
    expect(() => createAnalytics(null).identify({ userId: 'u1', role: 'member' })).not.toThrow();
  });
});
