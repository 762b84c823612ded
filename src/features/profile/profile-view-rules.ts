import type { UserTag } from '@/contracts/api/profile';

export type TagKind = 'words' | 'jobs' | 'challenges';

/** Tag type behind each list: lifestyle tags are the everyday challenges. */
const TAG_TYPE: Record<TagKind, UserTag['type']> = {
  words: 'word',
  jobs: 'job',
  challenges: 'lifestyle',
};

/** The tags of one list, most met first, then by name. */
export function tagsOfKind(tags: readonly UserTag[], kind: TagKind): UserTag[] {
  return tags
    .filter((t) => t.type === TAG_TYPE[kind])
    .sort((a, b) => b.sessionIds.length - a.sessionIds.length || a.name.localeCompare(b.name));
}

/** The recent-outputs grid always has four slots; missing outputs leave empty slots. */
export function recentSlots<T>(items: readonly T[], slots: number): Array<T | null> {
  return Array.from({ length: slots }, (_, i) => items[i] ?? null);
}
