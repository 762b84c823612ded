import { describe, expect, it } from 'vitest';
import type { ProfileReflection } from '@/contracts/api/profile';
import { canSaveReflection, draftOf } from './reflection-rules';

const existing: ProfileReflection = {
  id: 'r1',
  sessionId: 's1',
  userId: 'u1',
  ideaNote: 'idea',
  thinkNote: '',
  actionNote: '',
  status: 'draft',
  createdAt: 1,
  updatedAt: 1,
};

describe('reflection save rule', () => {
  it('needs some text for a new reflection', () => {
    expect(canSaveReflection(draftOf(null), null)).toBe(false);
    expect(canSaveReflection({ ...draftOf(null), thinkNote: ' ' }, null)).toBe(false);
    expect(canSaveReflection({ ...draftOf(null), actionNote: 'Try it' }, null)).toBe(true);
  });

  it('needs a change for an existing one, publishing counts as a change', () => {
    expect(canSaveReflection(draftOf(existing), existing)).toBe(false);
    expect(canSaveReflection({ ...draftOf(existing), status: 'published' }, existing)).toBe(true);
    expect(canSaveReflection({ ...draftOf(existing), ideaNote: 'more' }, existing)).toBe(true);
  });

  it('counts a score (0 to 10) as something to save, and a changed score as a change', () => {
    expect(canSaveReflection({ ...draftOf(null), score: 0 }, null)).toBe(true);
    const scored = { ...existing, score: 7 };
    expect(draftOf(scored).score).toBe(7);
    expect(canSaveReflection(draftOf(scored), scored)).toBe(false);
    expect(canSaveReflection({ ...draftOf(scored), score: 8 }, scored)).toBe(true);
    expect(canSaveReflection({ ...draftOf(scored), score: null }, scored)).toBe(true);
  });

  it('refuses a note over 4000 characters', () => {
    expect(canSaveReflection({ ...draftOf(null), ideaNote: 'x'.repeat(4001) }, null)).toBe(false);
    expect(canSaveReflection({ ...draftOf(null), ideaNote: 'x'.repeat(4000) }, null)).toBe(true);
  });

  it('publishes only a reflection with words: full-width spaces are blank (issue 24)', () => {
    const blank = { ...draftOf(null), ideaNote: '\u3000 ', score: 5, status: 'published' as const };
    expect(canSaveReflection(blank, null)).toBe(false);
    expect(canSaveReflection({ ...blank, status: 'draft' }, null)).toBe(true);
    expect(canSaveReflection({ ...blank, thinkNote: '海' }, null)).toBe(true);
  });
});
