import { Picture } from '../picture';
import { z } from 'zod';
import { EpochMs, Id } from '../entities';

/** The staff moderation queue: pending outputs and feedback, published or rejected one by one. */
export const ModerationTargetType = z.enum(['output', 'feedback', 'reflection']);
export type ModerationTargetType = z.infer<typeof ModerationTargetType>;

export const ModerationDecisionValue = z.enum(['publish', 'reject']);
export type ModerationDecisionValue = z.infer<typeof ModerationDecisionValue>;

/**
 * Preset reasons a moderator gives the pupil for holding or removing a post (issue 26), stored
 * as a key and shown in the pupil's own language, in words a 13-year-old understands.
 */
export const MODERATION_REASONS = [
  'unkind',
  'personalInfo',
  'unsafe',
  'offTopic',
  'notOwnWork',
] as const;
export const ModerationReason = z.enum(MODERATION_REASONS);
export type ModerationReason = z.infer<typeof ModerationReason>;

/** What the history records: the queue's two decisions, a removal and a dismissed report. */
const ModerationRecordValue = z.enum(['publish', 'reject', 'remove', 'dismiss']);

/** Every kind of published post staff may take down (issue 26). */
export const RemovableType = z.enum(['output', 'feedback', 'reflection', 'comment']);
export type RemovableType = z.infer<typeof RemovableType>;

export const ModerationDecision = z.object({
  id: Id,
  targetType: RemovableType,
  targetId: Id,
  decision: ModerationRecordValue,
  previousStatus: z.string(),
  note: z.string().nullable(),
  reason: ModerationReason.nullable().optional(),
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

/**
 * An open report of a published output or feedback (issue 26): the post, its author and what
 * the reporter wrote. `outputId` opens the post (a feedback's output).
 */
export const ContentReport = z.object({
  id: Id,
  targetType: z.enum(['output', 'feedback']),
  targetId: Id,
  outputId: Id,
  sessionId: Id,
  sessionTitle: z.string(),
  author: z.object({ id: Id, displayName: z.string() }),
  content: z.string(),
  reason: z.string(),
  reportedAt: EpochMs,
});
export type ContentReport = z.infer<typeof ContentReport>;

/** GET /v1/moderation/queue: pending items of the caller's school (all schools for admin/staff), oldest first, and the latest decisions. */
export const ModerationQueueResponse = z.object({
  items: z.array(ModerationItem),
  decisions: z.array(ModerationDecision),
  /** Open reports of session and live comments, newest first (issue 8). */
  commentReports: z.array(CommentReport).optional(),
  /** Open reports of published outputs and feedback, newest first (issue 26). */
  reports: z.array(ContentReport).optional(),
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
  /** Why it was not published, for the pupil (a reject only). */
  reason: ModerationReason.optional(),
});
export type ModerationDecisionRequest = z.infer<typeof ModerationDecisionRequest>;

export const ModerationDecisionResponse = z.object({
  decision: ModerationDecision,
  status: z.enum(['published', 'rejected']),
});
export type ModerationDecisionResponse = z.infer<typeof ModerationDecisionResponse>;

/** POST /v1/moderation/{type}/{id}/removal: staff take a published post down (issue 26). */
export const RemovalParams = z.object({
  type: z.enum(['outputs', 'feedbacks', 'reflections', 'comments']),
  id: Id,
});
export const RemovalRequest = z.object({
  reason: ModerationReason,
  note: z.string().trim().max(MODERATION_NOTE_MAX).optional(),
});
export type RemovalRequest = z.infer<typeof RemovalRequest>;
export const RemovalResponse = z.object({ decision: ModerationDecision });
export type RemovalResponse = z.infer<typeof RemovalResponse>;
