import { describe, expect, it } from 'vitest';
import type { SessionFeedEvent } from '@/engine';
import { sessionQuery } from '@/features/sessions/queries';
import { isStaleAfter, sessionRead, staleOn } from './session-change';

const change = (c: Partial<Extract<SessionFeedEvent, { type: 'change' }>['change']>) =>
  ({
    type: 'change',
    change: { sessionId: 's1', kind: 'output', targetId: 'o9', ...c },
  }) as SessionFeedEvent;
const reconnected: SessionFeedEvent = { type: 'reconnected' };

describe('session changes, as the reads’ owners declare them (issue 28)', () => {
  it('re-reads a session’s read on its own kinds, and everything of it after a gap', () => {
    const comments = sessionRead('s1', 'comment');
    expect(isStaleAfter(comments, 's1', change({ kind: 'comment' }))).toBe(true);
    expect(isStaleAfter(comments, 's1', change({ kind: 'vote' }))).toBe(false);
    expect(isStaleAfter(comments, 's1', reconnected)).toBe(true);
    // Another session's page hears its own changes only.
    expect(isStaleAfter(comments, 's2', change({ kind: 'comment' }))).toBe(false);
    expect(isStaleAfter(comments, 's2', reconnected)).toBe(false);
  });

  it('leaves a read with no rule alone', () => {
    expect(isStaleAfter(undefined, 's1', reconnected)).toBe(false);
    expect(isStaleAfter({ other: 1 }, 's1', reconnected)).toBe(false);
  });

  it('passes the followed session and the event to an owner’s own rule', () => {
    const seen: unknown[] = [];
    const meta = staleOn((sessionId, event) => {
      seen.push([sessionId, event.type]);
      return true;
    });
    expect(isStaleAfter(meta, 's1', reconnected)).toBe(true);
    expect(seen).toEqual([['s1', 'reconnected']]);
  });

  it('the session read: stale after a reaction on the session itself, not on its outputs', () => {
    const { meta } = sessionQuery('s1');
    expect(isStaleAfter(meta, 's1', change({ kind: 'action', targetId: 's1' }))).toBe(true);
    expect(
      isStaleAfter(meta, 's1', change({ kind: 'action', targetId: 'o9', outputId: 'o9' })),
    ).toBe(false);
    expect(isStaleAfter(meta, 's1', change({ kind: 'comment' }))).toBe(false);
    expect(isStaleAfter(meta, 's1', reconnected)).toBe(true);
  });
});
