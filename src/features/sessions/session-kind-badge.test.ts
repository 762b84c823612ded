import { describe, expect, it } from 'vitest';
import { sessionKind } from './session-kind-badge';

const NOW = 1_700_000_000_000;
const HOUR = 3_600_000;

describe('sessionKind (issue 24: live only by the spec’s rule)', () => {
  it('is live when IN_PROGRESS and starting now or later', () => {
    expect(sessionKind({ status: 'IN_PROGRESS', startTime: NOW + HOUR }, NOW)).toBe('live');
    expect(sessionKind({ status: 'IN_PROGRESS', startTime: NOW }, NOW)).toBe('live');
  });

  it('is a recording when its start has passed or it is complete, start time or not', () => {
    expect(sessionKind({ status: 'IN_PROGRESS', startTime: NOW - HOUR }, NOW)).toBe('archive');
    expect(sessionKind({ status: 'COMPLETE', startTime: NOW + HOUR }, NOW)).toBe('archive');
  });

  it('is scheduled when announced (NOTICE)', () => {
    expect(sessionKind({ status: 'NOTICE', startTime: NOW + 72 * HOUR }, NOW)).toBe('notice');
  });

  it('reads the status alone when there is no start time', () => {
    expect(sessionKind({ status: 'IN_PROGRESS' }, NOW)).toBe('live');
  });
});
