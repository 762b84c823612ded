import { ModerationReason } from './moderation';
import { z } from 'zod';
import { Picture } from '../picture';
import { OUTPUT_DESCRIPTION_MAX } from '../constants';
import {
  EpochMs,
  FeedbackComment,
  Id,
  Output,
  PublicUser,
  Reflection,
  ReflectionScore,
  Tag,
} from '../entities';
import { SessionSummary } from './sessions';
import { QueryBoolean } from './users';

/**
 * Profile calls (accounts and people, "Profile"; core platform section 7): follows, the lists
 * of a profile page, the activity panel and reflections.
 */

/** POST / DELETE /v1/follow/{id}: whether the signed-in user now follows the user. */
export const FollowResponse = z.object({ isFollowing: z.boolean() });

/** GET /v1/follows, /v1/followers, /v1/user/{id}/follows, /v1/user/{id}/followers. */
export const UserListResponse = z.object({ items: z.array(PublicUser) });

/** The session as a profile list names it: enough for a link, a title and a picture. */
export const SessionBrief = z.object({
  id: Id,
  title: z.string(),
  image: Picture,
  ja: z.object({ title: z.string().optional(), image: z.optional(Picture) }).optional(),
  en: z.object({ title: z.string().optional(), image: z.optional(Picture) }).optional(),
});
export type SessionBrief = z.infer<typeof SessionBrief>;

/** GET /v1/user/{id}/outputs (primary, withSession, withUser, withHidden, after, before). */
export const UserOutputsQuery = z.object({
  primary: z.optional(QueryBoolean),
  withSession: z.optional(QueryBoolean),
  withUser: z.optional(QueryBoolean),
  withHidden: z.optional(QueryBoolean),
  after: z.coerce.number().int().nonnegative().optional(),
  before: z.coerce.number().int().nonnegative().optional(),
});
/** moderationNote: a rejected post's teacher note ('' if none), to the author and staff only. */
export const ProfileOutput = Output.extend({
  session: SessionBrief.optional(),
  moderationNote: z.string().optional(),
  /** With moderationNote: the moderator's preset reason, when they chose one (issue 26). */
  moderationReason: ModerationReason.optional(),
});
export type ProfileOutput = z.infer<typeof ProfileOutput>;
export const UserOutputsResponse = z.object({ items: z.array(ProfileOutput) });

/** GET /v1/user/{id}/feedbacks: feedback the user wrote, newest first. */
export const ProfileFeedback = FeedbackComment.extend({
  session: SessionBrief,
  moderationNote: z.string().optional(),
  /** With moderationNote: the moderator's preset reason, when they chose one (issue 26). */
  moderationReason: ModerationReason.optional(),
});
export type ProfileFeedback = z.infer<typeof ProfileFeedback>;
export const UserFeedbacksResponse = z.object({ items: z.array(ProfileFeedback) });

/** GET /v1/user/{id}/sessions: sessions the user joined that the viewer may see, latest first. */
export const JoinedSession = SessionSummary.extend({ joinedAt: EpochMs });
export type JoinedSession = z.infer<typeof JoinedSession>;
export const UserSessionsResponse = z.object({ items: z.array(JoinedSession) });

/** GET /v1/user/{id}/tags: word, job and lifestyle tags of the sessions the user joined. */
export const UserTagsResponse = z.object({
  items: z.array(Tag.extend({ sessionIds: z.array(Id) })),
});
export type UserTag = z.infer<typeof UserTagsResponse>['items'][number];

/** GET /v1/user/{id}/memos: the user's own MEMO comments (private: the owner only). */
export const Memo = z.object({
  id: Id,
  content: z.string(),
  session: SessionBrief.nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Memo = z.infer<typeof Memo>;
export const UserMemosResponse = z.object({ items: z.array(Memo) });

/** GET /v1/me/activities?tab=toMe|nationwide: the activity panel. */
export const ActivityTab = z.enum(['toMe', 'nationwide']);
export type ActivityTab = z.infer<typeof ActivityTab>;
export const MyActivitiesQuery = z.object({ tab: ActivityTab });
export const ProfileActivity = z.object({
  id: z.string().min(1),
  type: z.enum(['feedback', 'follow', 'output', 'reflection']),
  /** Who did it. */
  user: PublicUser,
  session: SessionBrief.nullable(),
  outputId: z.nullable(Id),
  /** A short excerpt of the text (feedback or output), if any. */
  text: z.string().nullable(),
  createdAt: EpochMs,
});
export type ProfileActivity = z.infer<typeof ProfileActivity>;
export const MyActivitiesResponse = z.object({ items: z.array(ProfileActivity) });

/** Reflection notes: at most this many characters each (spec silent; as an output's text). */
export const REFLECTION_NOTE_MAX = OUTPUT_DESCRIPTION_MAX;
const Note = z.string().max(REFLECTION_NOTE_MAX);

/** POST /v1/session/{id}/reflection: one reflection per user and session. */
export const CreateReflectionRequest = z
  .object({
    ideaNote: Note.default(''),
    thinkNote: Note.default(''),
    actionNote: Note.default(''),
    score: ReflectionScore.nullable().default(null),
    status: z.enum(['published', 'draft']).default('draft'),
  })
  .strict();
export type CreateReflectionRequest = z.input<typeof CreateReflectionRequest>;

/** PUT /v1/reflection/{id}: only what is sent changes. */
export const UpdateReflectionRequest = z
  .object({
    ideaNote: Note.optional(),
    thinkNote: Note.optional(),
    actionNote: Note.optional(),
    score: ReflectionScore.nullable().optional(),
    status: z.enum(['published', 'draft']).optional(),
  })
  .strict();
export type UpdateReflectionRequest = z.infer<typeof UpdateReflectionRequest>;

export const ReflectionIdParams = z.object({ id: Id });
export const ProfileReflection = Reflection.extend({
  session: SessionBrief.optional(),
  tags: z.array(Tag).optional(),
  /** Rejected or taken down: the moderator's note ('' if none); only to the author and staff. */
  moderationNote: z.string().optional(),
  /** With moderationNote: the moderator's preset reason, when they chose one (issue 26). */
  moderationReason: ModerationReason.optional(),
});
export type ProfileReflection = z.infer<typeof ProfileReflection>;
export const ReflectionResponse = z.object({ item: ProfileReflection });

/** GET /v1/me/reflections (withRevision, withSession, withTag, withWork; sessionId narrows). */
export const MyReflectionsQuery = z.object({
  withRevision: z.optional(QueryBoolean),
  withSession: z.optional(QueryBoolean),
  withTag: z.optional(QueryBoolean),
  withWork: z.optional(QueryBoolean),
  sessionId: z.optional(Id),
});
export const ReflectionsResponse = z.object({ items: z.array(ProfileReflection) });
