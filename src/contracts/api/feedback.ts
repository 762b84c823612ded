import { ModerationReason } from './moderation';
import { z } from 'zod';
import { COMMENT_MAX, REPORT_TEXT_MAX } from '../constants';
import {
  ActionTarget,
  ActionType,
  EpochMs,
  FeedbackComment,
  Id,
  Lang,
  Output,
  ReportPayload,
} from '../entities';

/**
 * Feedback and reactions (accounts and people: feedback viewer, feedback visibility, report
 * screens, section 7 calls; core platform: Action).
 */

/** Whether a comment is blank: empty or only whitespace, full-width spaces included. */
export { isBlankText } from '../blank-text';
import { isBlankText } from '../blank-text';

/** POST /v1/feedback. `userId` must be the caller. */
export const PostFeedbackRequest = z.object({
  outputId: Id,
  sessionId: Id,
  workId: Id,
  userId: Id,
  content: z.string().max(COMMENT_MAX),
});
export type PostFeedbackRequest = z.infer<typeof PostFeedbackRequest>;

/**
 * The server's message on the 409 `conflict` answer to POST /v1/feedback when the comment equals
 * the caller's previous comment on the output: the client shows 'same comment entered'.
 */
export const SAME_COMMENT_MESSAGE = 'sameComment';

/** One feedback as a viewer sees it: the entity plus what this viewer may do with it. */
export const FeedbackView = FeedbackComment.extend({
  /** Not published: shown labelled 'awaiting approval' (author and staff roles only). */
  awaitingApproval: z.boolean(),
  /** Published and not the viewer's own: like and report buttons are offered. */
  canReact: z.boolean(),
  likes: z.number().int().nonnegative(),
  liked: z.boolean(),
  /** Rejected: the teacher's note ('' if none); only to the author and staff (issue 9). */
  moderationNote: z.string().optional(),
  /** With moderationNote: the moderator's preset reason, when they chose one (issue 26). */
  moderationReason: ModerationReason.optional(),
});
export type FeedbackView = z.infer<typeof FeedbackView>;

export const FeedbackResponse = z.object({ item: FeedbackView });
export const FeedbacksResponse = z.object({ items: z.array(FeedbackView) });

/** GET /v1/output/{id}/feedbacks?withUser=true. */
export const OutputFeedbacksQuery = z.object({
  withUser: z.enum(['true', 'false']).optional(),
});
export const OutputIdParams = z.object({ id: Id });

/** GET /v1/output/{id}/viewer: what the feedback viewer shows beside the feedback list. */
export const OutputViewerItem = z.object({
  output: Output,
  /** The author's prefecture (Japan) or country code. */
  location: z.string().nullable(),
  work: z.object({ id: Id, title: z.string(), questions: z.array(z.string()) }),
  session: z.object({ id: Id, title: z.string() }),
  /** The session is live now (between its start and end): the author link is refused. */
  sessionLive: z.boolean(),
  /** A rejected output: the teacher's note ('' if none); only to the author and staff. */
  moderationNote: z.string().optional(),
  /** With moderationNote: the moderator's preset reason, when they chose one (issue 26). */
  moderationReason: ModerationReason.optional(),
});
export type OutputViewerItem = z.infer<typeof OutputViewerItem>;
export const OutputViewerResponse = z.object({ item: OutputViewerItem });

/** POST /v1/feedbacks/publish (staff roles): publishes pending feedback. */
export const PublishFeedbacksRequest = z.object({ ids: z.array(Id).min(1).max(100) });

/** The spec's reaction to a feedback comment: like or unlike. */
export const FeedbackReactionRequest = z.object({
  feedbackId: Id,
  type: z.enum(['like', 'unlike']),
  outputId: Id,
  userId: Id,
});
export const FeedbackReactionResponse = z.object({
  item: z.object({ likes: z.number().int().nonnegative(), liked: z.boolean() }),
});

/** The reactions offered on sessions, outputs and comments. */
export const EMOTION_TYPES = ['wow', 'thinking', 'crying', 'inspired', 'noting', 'worthy'] as const;
export const EmotionType = z.enum(EMOTION_TYPES);
export type EmotionType = z.infer<typeof EmotionType>;

/** GET /v1/action?target=&targetId=. */
/**
 * The target's id: `targetId`, or — the older service's form (core-platform §7: "target, and
 * sessionId or outputId") — `sessionId` for a session, `outputId` for an output.
 */
const targetIdOf = (
  q: {
    target: z.infer<typeof ActionTarget>;
    targetId?: string;
    sessionId?: string;
    outputId?: string;
  },
  ctx: z.core.$RefinementCtx,
): string => {
  const id =
    q.targetId ??
    (q.target === 'session' ? q.sessionId : q.target === 'output' ? q.outputId : undefined);
  if (id === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['targetId'],
      message: 'targetId is required (or sessionId for a session, outputId for an output)',
    });
  return id ?? '';
};
const TargetFields = {
  target: ActionTarget,
  targetId: z.optional(Id),
  sessionId: z.optional(Id),
  outputId: z.optional(Id),
};
export const ActionQuery = z
  .object(TargetFields)
  .transform((q, ctx) => ({ target: q.target, targetId: targetIdOf(q, ctx) }));
/**
 * POST /v1/action: toggles the caller's reaction of this type on the target. The older service
 * also sends `userId`: when given it must be the caller's own id (checked by the route).
 */
export const PostActionRequest = z
  .object({ ...TargetFields, type: EmotionType, userId: z.optional(Id) })
  .transform((b, ctx) => ({
    target: b.target,
    targetId: targetIdOf(b, ctx),
    type: b.type,
    userId: b.userId,
  }));
export const ActionSummary = z.object({
  target: ActionTarget,
  targetId: Id,
  counts: z.record(ActionType, z.number().int().nonnegative()),
  /** The caller's own reaction types on the target. */
  mine: z.array(ActionType),
});
export type ActionSummary = z.infer<typeof ActionSummary>;
export const ActionSummaryResponse = z.object({ item: ActionSummary });

/** POST /v1/violation: the report payload; content required after trimming, at most 300. */
export const ViolationRequest = ReportPayload.extend({
  content: z
    .string()
    .max(REPORT_TEXT_MAX)
    .refine((s) => !isBlankText(s), 'required'),
});
export const ViolationResponse = z.object({ item: z.object({ id: Id, createdAt: EpochMs }) });

/** GET /v1/translation: whether a translation provider is configured. */
export const TranslationCapabilityResponse = z.object({
  item: z.object({ available: z.boolean() }),
});
/** POST /v1/translation. */
export const TranslationRequest = z.object({
  text: z.string().min(1).max(4000),
  targetLang: Lang,
});
export const TranslationResponse = z.object({ item: z.object({ text: z.string() }) });
