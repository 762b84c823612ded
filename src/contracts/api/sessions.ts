import { z } from 'zod';
import { isBlankText } from '../blank-text';
import { COMMENT_MAX } from '../constants';
import {
  Comment,
  CommentType,
  EpochMs,
  Id,
  Session,
  SessionParticipant,
  SessionStatus,
} from '../entities';

export const SessionIdParams = z.object({ id: Id });

/** Query strings carry 'true' / 'false'; z.coerce.boolean would read 'false' as true. */
const QueryBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/** A session as lists show it: everything but the videos and their timelines. */
export const SessionSummary = Session.omit({ videos: true });
export type SessionSummary = z.infer<typeof SessionSummary>;

/** GET /v1/sessions. `pageSize` is sent only when above 0 (spec 5). */
export const ListSessionsQuery = z.object({
  status: SessionStatus.optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
  /** Opaque cursor from the previous page. */
  lastKey: z.string().max(200).optional(),
});
export const ListSessionsResponse = z.object({
  items: z.array(SessionSummary),
  lastKey: z.string().nullable(),
});

/** GET /v1/session/{id}: the whole session with its videos and timed actions. */
export const GetSessionResponse = z.object({ item: Session });

/** POST /v1/session/{id}/join. A full room answers 409 participantLimit. */
export const JoinSessionRequest = z.object({ streamId: z.optional(Id) }).strict();
export const JoinSessionResponse = z.object({ item: z.object({ joinedAt: EpochMs }) });
/** POST /v1/session/{id}/leave: the leave activity (closing the watch page). */
export const LeaveSessionRequest = z.object({ streamId: z.optional(Id) }).strict();

/** GET /v1/session/{id}/users: participants from activity events of the last 2 hours. */
export const SessionUsersQuery = z.object({
  streamId: z.optional(Id),
  inGroup: z.optional(QueryBoolean),
  after: z.coerce.number().int().nonnegative().optional(),
});
export const SessionUsersResponse = z.object({ items: z.array(SessionParticipant) });

/**
 * Votes. A vote answers one vote moment of the timeline, keyed by its `voteKey` (the timed
 * action's discussId, else its name); tallies are per room when `streamId` is given, else
 * across the session (solo archive viewing).
 */
const VoteKey = z.string().trim().min(1).max(100);
export const Vote = z.object({
  id: Id,
  sessionId: Id,
  streamId: z.nullable(Id),
  voteKey: VoteKey,
  userId: Id,
  choice: z.string().min(1).max(100),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Vote = z.infer<typeof Vote>;
export const VoteTally = z.object({
  voteKey: VoteKey,
  streamId: z.nullable(Id),
  counts: z.record(z.string(), z.number().int().nonnegative()),
  total: z.number().int().nonnegative(),
  /** The signed-in user's own vote in this tally, if any. */
  mine: Vote.nullable(),
});
export type VoteTally = z.infer<typeof VoteTally>;
export const ListVotesQuery = z.object({ streamId: z.optional(Id), voteKey: VoteKey.optional() });
export const ListVotesResponse = z.object({ items: z.array(VoteTally) });
export const CreateVoteRequest = z
  .object({ voteKey: VoteKey, choice: z.string().trim().min(1).max(100), streamId: z.optional(Id) })
  .strict();
export const UpdateVoteRequest = z.object({ choice: z.string().trim().min(1).max(100) }).strict();
export const VoteIdParams = z.object({ id: Id, voteId: Id });
export const VoteResponse = z.object({ item: Vote, tally: VoteTally });

/** Live and session comments. Pinned comments come first. */
export const ListCommentsQuery = z.object({
  type: CommentType.optional(),
  streamId: z.optional(Id),
  isPinned: z.optional(QueryBoolean),
  userId: z.optional(Id),
});
export const ListCommentsResponse = z.object({ items: z.array(Comment) });
export const CreateCommentRequest = z
  .object({
    type: z.enum(['SESSION', 'LIVE-JA', 'LIVE-EN']),
    content: z
      .string()
      .max(COMMENT_MAX)
      .refine((s) => !isBlankText(s), { message: 'blank' }),
    parentId: z.optional(Id),
    streamId: z.optional(Id),
  })
  .strict();
export const CommentResponse = z.object({ item: Comment });
