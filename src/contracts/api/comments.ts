import { z } from 'zod';
import { Id } from '../entities';

/**
 * Comments: delete, pause (issue 8). Reports go through POST /v1/violation with type 'comment'.
 */

/** DELETE /v1/comment/{id}. */
export const CommentIdParams = z.object({ id: Id });
export const DeleteCommentResponse = z.object({
  item: z.object({ id: Id, deleted: z.literal(true) }),
});

/**
 * PUT /v1/comment/{id}/pin: staff roles pin (true) or unpin (false) a session or live comment;
 * answers the comment (CommentResponse). The spec reads `isPinned` but names no call to set it.
 */
export const PinCommentRequest = z.object({ isPinned: z.boolean() });
export type PinCommentRequest = z.infer<typeof PinCommentRequest>;

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
