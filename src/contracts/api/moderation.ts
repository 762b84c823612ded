import { Picture } from '../picture';
import { z } from 'zod';
import { EpochMs, Id } from '../entities';

/** The staff moderation queue: pending outputs and feedback, published or rejected one by one. */
export const ModerationTargetType = z.enum(['output', 'feedback', 'reflection']);
export type ModerationTargetType = z.infer<typeof ModerationTargetType>;

export const ModerationDecisionValue = z.enum(['publish', 'reject']);
export type ModerationDecisionValue = z.infer<typeof ModerationDecisionValue>;

export const ModerationDecision = z.object({
  id: Id,
  targetType: ModerationTargetType,
  targetId: Id,
  decision: ModerationDecisionValue,
  previousStatus: z.string(),
  note: z.string().nullable(),
  decidedBy: z.object({ id: Id, displayName: z.string() }),
  decidedAt: EpochMs,
  /** Whose post it was and its opening words, so the history says which post (issue 9). */
  author: z.object({ id: Id, displayName: z.string() }).optional(),
  excerpt: z.string().optional(),
});
export type ModerationDecision = z.infer<typeof ModerationDecision>;

export const ModerationItem = z.object({
  type: ModerationTargetType,
  id: Id,
  sessionId: Id,
  sessionTitle: z.string(),
  /** For feedback: the output it comments on; for a reflection: its own id. */
  outputId: Id,
  author: z.object({ id: Id, displayName: z.string() }),
  content: z.string(),
  violationStatuses: z.array(z.string()),
  /**
   * An output's uploaded pictures and what their screening said (issue 26): `reasons` name why a
   * picture was held — `text` (what its text showed: phone, contact, selfHarm …), `sexual` or
   * `suggestive` (the model), `unsure` (the model doubted), `failed` (screening failed) and
   * `approval` (the group approves every picture first). Empty for other items.
   */
  pictures: z
    .array(
      z.object({
        url: Picture,
        state: z.enum(['screening', 'clear', 'held']),
        reasons: z.array(z.string()),
        /** The text read in the picture, as screened. */
        text: z.string(),
      }),
    )
    .default([]),
  createdAt: EpochMs,
});
export type ModerationItem = z.infer<typeof ModerationItem>;

/** An open report of a session or live comment (issue 8): the comment, its author and the reason. */
export const CommentReport = z.object({
  id: Id,
  commentId: Id,
  sessionId: Id,
  sessionTitle: z.string(),
  streamId: z.nullable(Id),
  author: z.object({ id: Id, displayName: z.string() }),
  content: z.string(),
  reason: z.string(),
  reportedAt: EpochMs,
});
export type CommentReport = z.infer<typeof CommentReport>;

/** GET /v1/moderation/queue: pending items of the caller's school (all schools for admin/staff), oldest first, and the latest decisions. */
export const ModerationQueueResponse = z.object({
  items: z.array(ModerationItem),
  decisions: z.array(ModerationDecision),
  /** Open reports of session and live comments, newest first (issue 8). */
  commentReports: z.array(CommentReport).optional(),
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponse>;

export const ModerationDecisionParams = z.object({
  type: z.enum(['outputs', 'feedbacks', 'reflections']),
  id: Id,
});

export const MODERATION_NOTE_MAX = 300;
export const ModerationDecisionRequest = z.object({
  decision: ModerationDecisionValue,
  note: z.string().trim().max(MODERATION_NOTE_MAX).optional(),
});
export type ModerationDecisionRequest = z.infer<typeof ModerationDecisionRequest>;

export const ModerationDecisionResponse = z.object({
  decision: ModerationDecision,
  status: z.enum(['published', 'rejected']),
});
export type ModerationDecisionResponse = z.infer<typeof ModerationDecisionResponse>;
