import { z } from 'zod';
import { Id } from '../entities';

/**
 * Screening (issue 8): a group's "approve all feedback first" setting. GET and PUT
 * /v1/group/{id}/feedbackApproval, staff roles managing the group only.
 */
export const FeedbackApprovalRequest = z.object({ enabled: z.boolean() }).strict();
export type FeedbackApprovalRequest = z.infer<typeof FeedbackApprovalRequest>;

export const FeedbackApprovalResponse = z.object({
  item: z.object({ groupId: Id, enabled: z.boolean() }),
});
export type FeedbackApprovalResponse = z.infer<typeof FeedbackApprovalResponse>;

/** The field message the server sends with `textNotAllowed`: what the screening found. */
export const SCREENING_FIELD_MESSAGE = 'screening';
