import { z } from 'zod';
import { Id } from '../entities';

/**
 * Comments: delete, pause (issue 8). Reports go through POST /v1/violation with type 'comment'.
 */

/**
 * Characters that show nothing: zero-width spaces and joiners, bidi marks and overrides, the
 * soft hyphen, word joiners, the BOM, Hangul fillers, the Braille blank and other format (Cf)
 * characters. A text of only these and whitespace is blank.
 */
const INVISIBLE = /[\s\u3000\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFFA0]/gu;

/**
 * Whether a comment is blank: empty, whitespace (full-width included) or invisible characters
 * only. Kept here until the screening helper exports its own `isBlankText`; swap it then.
 */
export const isBlankCommentText = (text: string): boolean => text.replace(INVISIBLE, '') === '';

/** DELETE /v1/comment/{id}. */
export const CommentIdParams = z.object({ id: Id });
export const DeleteCommentResponse = z.object({
  item: z.object({ id: Id, deleted: z.literal(true) }),
});

/** PUT /v1/stream/{id}/comments-paused: the room's host pauses or resumes live comments. */
export const PauseCommentsRequest = z.object({ paused: z.boolean() }).strict();
export type PauseCommentsRequest = z.infer<typeof PauseCommentsRequest>;
export const PauseCommentsResponse = z.object({
  item: z.object({ streamId: Id, commentsPaused: z.boolean() }),
});
export type PauseCommentsResponse = z.infer<typeof PauseCommentsResponse>;

/** POST /v1/moderation/comment-reports/{id}/dismiss: staff keep the comment, the report closes. */
export const DismissCommentReportResponse = z.object({
  item: z.object({ id: Id, status: z.literal('closed') }),
});
