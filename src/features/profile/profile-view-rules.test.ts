import { describe, expect, it } from 'vitest';
import type { UserTag } from '@/contracts/api/profile';
import { recentSlots, tagsOfKind } from './profile-view-rules';

const tag = (id: string, type: UserTag['type'], sessions: number): UserTag => ({
  id,
  type,
  name: id,
  sessionIds: Array.from({ length: sessions }, (_, i) => `s${i}`),
});

describe('profile view rules', () => {
  it('splits tags into words, jobs and challenges (lifestyle), most met first', () => {
    const tags = [
      tag('b-word', 'word', 1),
      tag('a-word', 'word', 1),
      tag('job', 'job', 2),
      tag('life', 'lifestyle', 1),
      tag('w3', 'word', 3),
    ];
    expect(tagsOfKind(tags, 'words').map((t) => t.id)).toEqual(['w3', 'a-word', 'b-word']);
    expect(tagsOfKind(tags, 'jobs').map((t) => t.id)).toEqual(['job']);
    expect(tagsOfKind(tags, 'challenges').map((t) => t.id)).toEqual(['life']);
  });

  it('fills the recent-outputs grid to four slots and never more', () => {
    expect(recentSlots(['a'], 4)).toEqual(['a', null, null, null]);
    expect(recentSlots(['a', 'b', 'c', 'd', 'e'], 4)).toEqual(['a', 'b', 'c', 'd']);
  });
});
