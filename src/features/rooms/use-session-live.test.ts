import { describe, expect, it } from 'vitest';
import type { SessionFeedEvent } from '@/engine';
import { isStaleAfter } from './use-session-live';

const change = (c: Partial<Extract<SessionFeedEvent, { type: 'change' }>['change']>) =>
  ({
    type: 'change',
    change: { sessionId: 's1', kind: 'output', targetId: 'o9', ...c },
  }) as SessionFeedEvent;

describe('isStaleAfter', () => {
  it('re-reads the session’s output lists and the output itself after a new output, nothing else', () => {
    const e = change({ kind: 'output', targetId: 'o9', outputId: 'o9' });
    expect(isStaleAfter(['session', 's1', 'outputs'], 's1', e)).toBe(true);
    expect(isStaleAfter(['outputs', 'session', 's1', 'feedback-viewer'], 's1', e)).toBe(true);
    expect(isStaleAfter(['feedback', 'viewer', 'o9'], 's1', e)).toBe(true);
    expect(isStaleAfter(['session', 's1', 'comments', 'LIVE-JA', null], 's1', e)).toBe(false);
    expect(isStaleAfter(['session', 's2', 'outputs'], 's1', e)).toBe(false);
  });

  it('re-reads a reaction’s counts, the cards of its output, and the session’s emotions', () => {
    const onOutput = change({ kind: 'action', targetId: 'o9', outputId: 'o9' });
    expect(isStaleAfter(['feedback', 'actions', 'output', 'o9'], 's1', onOutput)).toBe(true);
    expect(isStaleAfter(['session', 's1', 'outputs'], 's1', onOutput)).toBe(true);
    expect(isStaleAfter(['session', 's1'], 's1', onOutput)).toBe(false);
    const onSession = change({ kind: 'action', targetId: 's1' });
    expect(isStaleAfter(['session', 's1'], 's1', onSession)).toBe(true);
    expect(isStaleAfter(['session', 's1', 'outputs'], 's1', onSession)).toBe(false);
  });

  it('re-reads comments, tallies and participants by their own kinds, and everything after a gap', () => {
    expect(isStaleAfter(['session', 's1', 'comments'], 's1', change({ kind: 'comment' }))).toBe(
      true,
    );
    expect(
      isStaleAfter(['session', 's1', 'votes', null, 'v1'], 's1', change({ kind: 'vote' })),
    ).toBe(true);
    expect(
      isStaleAfter(['session', 's1', 'users', null], 's1', change({ kind: 'participants' })),
    ).toBe(true);
    expect(isStaleAfter(['session', 's1', 'users', null], 's1', change({ kind: 'comment' }))).toBe(
      false,
    );
    const gap: SessionFeedEvent = { type: 'reconnected' };
    expect(isStaleAfter(['session', 's1', 'users', null], 's1', gap)).toBe(true);
    expect(isStaleAfter(['feedback', 'list', 'o1'], 's1', gap)).toBe(true);
    expect(isStaleAfter(['me', 'groups'], 's1', gap)).toBe(false);
  });
});
