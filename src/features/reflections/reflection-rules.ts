import { REFLECTION_NOTE_MAX, type ProfileReflection } from '@/contracts/api/profile';
import type { ReflectionDraft } from './api/reflections';

export const NOTE_KEYS = ['ideaNote', 'thinkNote', 'actionNote'] as const;

/** A note over the limit cannot be saved. */
export const isNoteTooLong = (value: string): boolean => value.length > REFLECTION_NOTE_MAX;

export const draftOf = (r: ProfileReflection | null | undefined): ReflectionDraft => ({
  ideaNote: r?.ideaNote ?? '',
  thinkNote: r?.thinkNote ?? '',
  actionNote: r?.actionNote ?? '',
  score: r?.score ?? null,
  // A held (pending) or rejected reflection was asked to be published: the switch stays on.
  status: !r || r.status === 'draft' ? 'draft' : 'published',
});

/** Blank as the server sees it: only spaces, full-width ones (U+3000) included. */
const isBlankNote = (value: string): boolean => value.replace(/[\s\u3000]/g, '') === '';

/** Whether the draft has words in any note (a published reflection needs them; issue 24). */
export const hasSomeText = (draft: ReflectionDraft): boolean =>
  NOTE_KEYS.some((k) => !isBlankNote(draft[k]));

/**
 * Whether Save is enabled: no note over the limit, a published one with some words, and either a
 * new reflection with some text (or a score) or an existing one that changed.
 */
export function canSaveReflection(
  draft: ReflectionDraft,
  existing: ProfileReflection | null | undefined,
): boolean {
  if (NOTE_KEYS.some((k) => isNoteTooLong(draft[k]))) return false;
  if (draft.status === 'published' && !hasSomeText(draft)) return false;
  if (!existing) return hasSomeText(draft) || draft.score !== null;
  const before = draftOf(existing);
  return (
    NOTE_KEYS.some((k) => draft[k] !== before[k]) ||
    draft.score !== before.score ||
    draft.status !== before.status
  );
}
