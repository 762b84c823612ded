import { describe, expect, it } from 'vitest';
import { commentDraftState } from './comment-draft';

describe('commentDraftState', () => {
  it('refuses blank drafts, including ideographic spaces', () => {
    expect(commentDraftState('   ').canSend).toBe(false);
    expect(commentDraftState('\u3000\n').canSend).toBe(false);
    expect(commentDraftState(' hi ').canSend).toBe(true);
  });
  it('refuses more than 400 characters', () => {
    expect(commentDraftState('a'.repeat(400))).toMatchObject({ over: false, canSend: true });
    expect(commentDraftState('a'.repeat(401))).toMatchObject({ over: true, canSend: false });
  });
});
