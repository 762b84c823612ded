import { isBlankText } from '@/contracts/api/feedback';
import { COMMENT_MAX } from '@/contracts/constants';

/** Why a feedback comment cannot be posted (accounts and people, validation). */
export type CommentError = 'empty' | 'over' | 'same';

/**
 * The comment input's checks before posting: blank (whitespace, full-width spaces included),
 * over 400 characters, or the same as the user's previous comment on this output.
 */
export function commentError(content: string, previousOwn: string | null): CommentError | null {
  if (isBlankText(content)) return 'empty';
  if ([...content].length > COMMENT_MAX) return 'over';
  if (previousOwn !== null && previousOwn.trim() === content.trim()) return 'same';
  return null;
}

/** The user's latest comment among the feedback shown, or null. */
export function previousOwnComment(
  items: ReadonlyArray<{ userId: string; content: string; createdAt: number }>,
  userId: string,
): string | null {
  let latest: { content: string; createdAt: number } | null = null;
  for (const f of items) {
    if (f.userId === userId && (!latest || f.createdAt >= latest.createdAt)) latest = f;
  }
  return latest?.content ?? null;
}
