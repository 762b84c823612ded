import { z } from 'zod';
import { EpochMs, Id } from '../user-entities';

/**
 * Safeguarding (issue 26): a pupil who writes that they want to hurt themselves is never simply
 * refused. The post is not published; what they wrote is kept for the adults of their groups as a
 * concern, the answer is 422 `concernRaised`, and the client shows where to get help now.
 */

/** Where a concern was written. */
export const ConcernChannel = z.enum([
  'comment',
  'feedback',
  'output',
  'reflection',
  'displayName',
  'projectName',
]);
export type ConcernChannel = z.infer<typeof ConcernChannel>;

/** Help available at any hour, shown with the caring message (ja and en; numbers are Japan's). */
export const CRISIS_HELPLINE = {
  name: { ja: '24時間子供SOSダイヤル', en: '24-hour Children’s SOS Dial' },
  phone: '0120-0-78310',
} as const;

/** GET /v1/care: who the pupil can reach now (the school's own contact, when it has one). */
export const CareResponse = z.object({
  helpline: z.object({ name: z.string(), phone: z.string() }),
  school: z.object({ name: z.string(), contact: z.string().nullable() }).nullable(),
});
export type CareResponse = z.infer<typeof CareResponse>;

const ConcernView = z.object({ displayName: z.string(), seenAt: EpochMs });

export const Concern = z.object({
  id: Id,
  user: z.object({ id: Id, displayName: z.string(), groups: z.array(z.string()) }),
  channel: ConcernChannel,
  text: z.string(),
  createdAt: EpochMs,
  /** Everyone who opened it, first first. */
  seenBy: z.array(ConcernView),
  seenByMe: z.boolean(),
});
export type Concern = z.infer<typeof Concern>;

/** GET /v1/concerns: the concerns of the caller's pupils, newest first, and how many are unseen. */
export const ConcernsResponse = z.object({ items: z.array(Concern), unseen: z.number().int() });
export type ConcernsResponse = z.infer<typeof ConcernsResponse>;

export const ConcernResponse = z.object({ item: Concern });

/** GET /v1/concerns/unseen: how many of the caller's pupils' concerns they have not opened (the alert). */
export const ConcernsUnseenResponse = z.object({ unseen: z.number().int() });
export type ConcernsUnseenResponse = z.infer<typeof ConcernsUnseenResponse>;

/** The longest school contact a pupil is shown with the caring message. */
export const CARE_CONTACT_MAX = 200;

/**
 * PUT /v1/care: a teacher sets who their school's pupils can talk to (shown with the caring
 * message); blank clears it, and pupils then see the usual people at school.
 */
export const CareContactRequest = z.object({
  contact: z
    .string()
    .trim()
    .max(CARE_CONTACT_MAX)
    .transform((s) => (s === '' ? null : s))
    .nullable(),
});
export type CareContactRequest = z.input<typeof CareContactRequest>;
