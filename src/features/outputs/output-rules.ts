import { isBlankText, presetImageFor } from '@/contracts/api/outputs';
import {
  NEWER_DRAFT_THRESHOLD_S,
  OUTPUT_DESCRIPTION_MAX,
  OUTPUT_RECOMMENDED_LENGTH,
} from '@/contracts/constants';
import type { Me, Output } from '@/contracts/entities';

/**
 * The posting dialog's rules (accounts and people, "Output posting dialog", "Output", section 5),
 * as pure functions so the view and the autosave machine agree and tests need no DOM.
 */

export { isBlankText, presetImageFor };

/** Characters left; negative when over the limit (the counter shows it as is). */
export const remainingOf = (text: string): number => OUTPUT_DESCRIPTION_MAX - text.length;
export const isOverLimit = (text: string): boolean => text.length > OUTPUT_DESCRIPTION_MAX;
/** The 140+ hint is met (whitespace does not count towards it). */
export const meetsRecommended = (text: string): boolean =>
  text.trim().length >= OUTPUT_RECOMMENDED_LENGTH;

/** What the dialog edits: the text and the picked image (an upload or a preset URL, or none). */
export interface OutputContent {
  description: string;
  image: string | null;
}

export const sameContent = (a: OutputContent, b: OutputContent): boolean =>
  a.description === b.description && a.image === b.image;

export const contentOf = (
  o: Pick<Output, 'description' | 'images'> | null | undefined,
): OutputContent =>
  o ? { description: o.description, image: o.images[0] ?? null } : { description: '', image: null };

/**
 * Submit is enabled only if the user may submit, the text is non-blank, it changed since the
 * published version (a new output: anything non-blank is a change) and it is within the limit.
 */
export function canSubmit(input: {
  permitted: boolean;
  content: OutputContent;
  published: OutputContent | null;
}): boolean {
  const { permitted, content, published } = input;
  if (!permitted || isBlankText(content.description) || isOverLimit(content.description)) {
    return false;
  }
  return published === null || !sameContent(content, published);
}

/**
 * Autosave saves only when the text is non-blank, the user permitted, the content changed since
 * the last save (or the published version) and within the limit.
 */
export function shouldAutosave(input: {
  permitted: boolean;
  content: OutputContent;
  lastSaved: OutputContent;
}): boolean {
  const { permitted, content, lastSaved } = input;
  return (
    permitted &&
    !isBlankText(content.description) &&
    !isOverLimit(content.description) &&
    !sameContent(content, lastSaved)
  );
}

/**
 * Whether to offer the draft: it is newer than the published version by 300 s or more. With no
 * published version the draft is simply where the user left off, and is loaded without asking.
 */
export function offersDraft(
  published: Pick<Output, 'updatedAt'> | null,
  draft: Pick<Output, 'updatedAt'> | null,
): boolean {
  if (!published || !draft) return false;
  return draft.updatedAt - published.updatedAt >= NEWER_DRAFT_THRESHOLD_S * 1000;
}

/** The 'updated' rule: non-empty violation statuses lacking 'updated' get it appended on edit. */
export function violationStatusesOnEdit(
  current: Output['violationStatuses'],
): Output['violationStatuses'] {
  if (current.length === 0 || current.includes('updated')) return [...current];
  return [...current, 'updated'];
}

/** The author's posted output and draft for one work, from the session's outputs list. */
export function mineForWork(
  outputs: readonly Output[],
  userId: string,
  workId: string,
): { published: Output | null; draft: Output | null } {
  const mine = outputs.filter((o) => o.userId === userId && o.workId === workId);
  return {
    published: mine.find((o) => o.status !== 'autosaved') ?? null,
    draft: mine.find((o) => o.status === 'autosaved') ?? null,
  };
}

/**
 * What became of the pupil's own output in this session, the newest that is not a draft:
 * posted, held for a teacher, or not published; null when they have posted none.
 */
export function postedState(
  outputs: readonly Output[],
  userId: string,
): 'published' | 'pending' | 'rejected' | null {
  const mine = outputs
    .filter((o) => o.userId === userId && o.status !== 'autosaved')
    .sort((a, b) => b.updatedAt - a.updatedAt)[0];
  return mine ? (mine.status as 'published' | 'pending' | 'rejected') : null;
}

/**
 * Why this account may not post an output (issue 9, item 16): each refusal names its own reason
 * — a graduate is not told about guest accounts. Null: nothing in the account itself forbids it.
 */
export type PostRefusal = 'graduated' | 'guest' | 'notPermitted';

export function postRefusal(
  me: Pick<Me, 'role' | 'isGuest'>,
  permitted: boolean,
): PostRefusal | null {
  if (me.role === 'graduated') return 'graduated';
  if (me.isGuest) return 'guest';
  return permitted ? null : 'notPermitted';
}
