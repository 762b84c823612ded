import { describe, expect, it } from 'vitest';
import type { ProfileReflection } from '@/contracts/api/profile';
import { canSaveReflection, draftOf } from './reflection-rules';

const held: ProfileReflection = {
  id: 'r1',
  sessionId: 's1',
  userId: 'u1',
  ideaNote: 'LINE交換しよう',
  thinkNote: '',
  actionNote: '',
  status: 'pending',
  createdAt: 1,
  updatedAt: 1,
};

describe('a reflection held by the screening (issue 8)', () => {
  it('keeps the publish switch on and needs a change before saving again', () => {
    expect(draftOf(held).status).toBe('published');
    expect(draftOf({ ...held, status: 'rejected' }).status).toBe('published');
    expect(canSaveReflection(draftOf(held), held)).toBe(false);
    expect(canSaveReflection({ ...draftOf(held), ideaNote: '海の話' }, held)).toBe(true);
  });
});
