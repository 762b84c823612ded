import { describe, expect, it } from 'vitest';
import { safeDestination } from './destination';

describe('post-login destination', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeDestination('/session/s1/watch/?lang=en#top')).toBe(
      '/session/s1/watch/?lang=en#top',
    );
  });

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login',
    '/login/v2',
  ])('falls back to / for %s', (value) => {
    expect(safeDestination(value)).toBe('/');
  });
});
