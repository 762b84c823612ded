import { describe, expect, it } from 'vitest';
import {
  REPORT_STALE_MS,
  followerSyncState,
  formatDrift,
  formatPosition,
  participantSyncState,
} from './sync-state';

describe('followerSyncState', () => {
  const ok = { driftMs: 12, buffering: false, state: 'following' as const };
  it('is offline whenever the connection is not open', () => {
    expect(followerSyncState('connecting', ok)).toBe('offline');
    expect(followerSyncState('closed', ok)).toBe('offline');
  });
  it('says buffering before drift, and catching up while seeking or far off', () => {
    expect(followerSyncState('open', { ...ok, buffering: true })).toBe('buffering');
    expect(followerSyncState('open', { ...ok, state: 'seeking' })).toBe('catchingUp');
    expect(followerSyncState('open', { ...ok, driftMs: -400 })).toBe('catchingUp');
    expect(followerSyncState('open', ok)).toBe('inSync');
  });
});

describe('participantSyncState', () => {
  it('marks a silent participant offline', () => {
    const report = { driftMs: 0, buffering: false, at: 1000 };
    expect(participantSyncState(report, 1000 + REPORT_STALE_MS + 1)).toBe('offline');
    expect(participantSyncState(report, 2000)).toBe('inSync');
    expect(participantSyncState({ ...report, buffering: true }, 2000)).toBe('buffering');
    expect(participantSyncState(undefined, 2000)).toBeNull();
  });
});

describe('formatting', () => {
  it('shows drift signed in ms or s', () => {
    expect(formatDrift(23.4)).toBe('+23 ms');
    expect(formatDrift(-1530)).toBe('−1.5 s');
    expect(formatDrift(0)).toBe('±0 ms');
  });
  it('shows positions as m:ss', () => {
    expect(formatPosition(65.9)).toBe('1:05');
    expect(formatPosition(3725)).toBe('1:02:05');
  });
});
