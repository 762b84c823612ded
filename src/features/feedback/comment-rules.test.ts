import { describe, expect, it } from 'vitest';
import { commentError, previousOwnComment } from './comment-rules';

describe('commentError', () => {
  it('refuses blank comments, full-width spaces included', () => {
    for (const c of ['', ' ', '\n\t', '\u3000\u3000']) expect(commentError(c, null)).toBe('empty');
  });
  it('allows 400 characters and refuses 401', () => {
    expect(commentError('あ'.repeat(400), null)).toBeNull();
    expect(commentError('あ'.repeat(401), null)).toBe('over');
  });
  it('refuses the same text as the previous own comment, ignoring outer spaces', () => {
    expect(commentError(' Nice! ', 'Nice!')).toBe('same');
    expect(commentError('Nice!!', 'Nice!')).toBeNull();
  });
});

describe('previousOwnComment', () => {
  it('is the latest comment of the user', () => {
    const items = [
      { userId: 'a', content: 'one', createdAt: 1 },
      { userId: 'b', content: 'other', createdAt: 3 },
      { userId: 'a', content: 'two', createdAt: 2 },
    ];
    expect(previousOwnComment(items, 'a')).toBe('two');
    expect(previousOwnComment(items, 'c')).toBeNull();
  });
});
