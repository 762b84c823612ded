import { describe, expect, it } from 'vitest';
import { extraHosts, portOf } from './network-requirements';

describe('network requirements', () => {
  it('lists no other host when the policy names only this origin', () => {
    const csp =
      "default-src 'self';media-src 'self' blob:;connect-src 'self' ws://school.example:8080 wss://school.example:8080";
    expect(extraHosts(csp, 'https://school.example:8080')).toEqual({ media: [], services: [] });
    expect(extraHosts(null, 'https://school.example')).toEqual({ media: [], services: [] });
  });

  it('names a configured media host once, and the other services the page talks to', () => {
    const csp = [
      "default-src 'self'",
      "img-src 'self' data: https://cdn.example.jp",
      "media-src 'self' blob: https://cdn.example.jp",
      "connect-src 'self' wss://tomoni.example https://cdn.example.jp https://accounts.google.com https://o1.ingest.sentry.io https: *.example.com",
    ].join(';');
    expect(extraHosts(csp, 'https://tomoni.example')).toEqual({
      media: ['https://cdn.example.jp'],
      services: ['https://accounts.google.com', 'https://o1.ingest.sentry.io'],
    });
  });

  it('gives the port an allow-list needs', () => {
    expect(portOf('https://tomoni.example')).toBe(443);
    expect(portOf('http://127.0.0.1:9')).toBe(9);
    expect(portOf('ws://school.example')).toBe(80);
  });
});
