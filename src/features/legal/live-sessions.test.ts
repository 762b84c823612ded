import { describe, expect, it } from 'vitest';
import {
  hasLiveSessionsToggle,
  selectLiveSessions,
  visibleLiveSessions,
  type LiveSessionCandidate,
} from './live-sessions';

const NOW = Date.UTC(2026, 10, 22, 9, 0);
const MINUTE = 60_000;

function session(id: string, status: LiveSessionCandidate['status'], startTime: number) {
  return { id, title: `Session ${id}`, image: `/img/${id}.png`, status, startTime };
}

describe('selectLiveSessions', () => {
  it('keeps only IN_PROGRESS sessions', () => {
    const sessions = [
      session('notice', 'NOTICE', NOW + MINUTE),
      session('live', 'IN_PROGRESS', NOW + MINUTE),
      session('complete', 'COMPLETE', NOW + MINUTE),
      session('private', 'PRIVATE', NOW + MINUTE),
    ];
    expect(selectLiveSessions(sessions, NOW).map((s) => s.id)).toEqual(['live']);
  });

  it('keeps a session starting exactly now and drops one that started a moment ago', () => {
    const sessions = [
      session('past', 'IN_PROGRESS', NOW - 1),
      session('now', 'IN_PROGRESS', NOW),
      session('later', 'IN_PROGRESS', NOW + 1),
    ];
    expect(selectLiveSessions(sessions, NOW).map((s) => s.id)).toEqual(['now', 'later']);
  });

  it('sorts by start time, earliest first', () => {
    const sessions = [
      session('c', 'IN_PROGRESS', NOW + 30 * MINUTE),
      session('a', 'IN_PROGRESS', NOW + 5 * MINUTE),
      session('b', 'IN_PROGRESS', NOW + 10 * MINUTE),
    ];
    expect(selectLiveSessions(sessions, NOW).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('does not reorder the caller’s array', () => {
    const sessions = [
      session('b', 'IN_PROGRESS', NOW + 10 * MINUTE),
      session('a', 'IN_PROGRESS', NOW + 5 * MINUTE),
    ];
    selectLiveSessions(sessions, NOW);
    expect(sessions.map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('returns an empty list when nothing is live', () => {
    expect(selectLiveSessions([], NOW)).toEqual([]);
    expect(selectLiveSessions([session('x', 'COMPLETE', NOW)], NOW)).toEqual([]);
  });
});

describe('visibleLiveSessions and hasLiveSessionsToggle', () => {
  const three = ['a', 'b', 'c'];

  it('shows two sessions until expanded, then all of them', () => {
    expect(visibleLiveSessions(three, false)).toEqual(['a', 'b']);
    expect(visibleLiveSessions(three, true)).toEqual(['a', 'b', 'c']);
    expect(visibleLiveSessions(['a'], false)).toEqual(['a']);
  });

  it('offers the toggle on desktop only when more than two are live', () => {
    expect(hasLiveSessionsToggle(3, true)).toBe(true);
    expect(hasLiveSessionsToggle(2, true)).toBe(false);
    expect(hasLiveSessionsToggle(3, false)).toBe(false);
  });
});
