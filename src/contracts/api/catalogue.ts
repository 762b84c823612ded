import { z } from 'zod';
import { nameText } from '../names';
import { DisplayName } from '../user-entities';
import {
  Action,
  Id,
  EpochMs,
  Lang,
  Reflection,
  Role,
  Tag,
  TagType,
  UnitOutput,
  Work,
} from '../entities';
import { NewPassword, QueryBoolean } from './users';

/**
 * The spec's calls that had no home in another area (issue 14, "Calls that answer 404"): tags,
 * works and units by id, activities, stream output counts, accounts created by staff, and the
 * session-wide lists.
 */

/** GET /v1/me/postedOutputs: the caller's outputs; withAutosaved adds their drafts. */
export const PostedOutputsQuery = z.object({
  withAutosaved: z.optional(QueryBoolean),
  withSession: z.optional(QueryBoolean),
});

/** GET /v1/me/feedbacks (withSession, withUser, withOutput are always answered). */
export const MyFeedbacksQuery = z.object({
  withSession: z.optional(QueryBoolean),
  withUser: z.optional(QueryBoolean),
  withOutput: z.optional(QueryBoolean),
});

/** GET /v1/me/unitOutputs: the caller's project slides; isViolated keeps flagged ones. */
export const MyUnitOutputsQuery = z.object({ isViolated: z.optional(QueryBoolean) });
export const MyUnitOutput = UnitOutput.extend({
  unitId: z.string().nullable(),
  projectName: z.string(),
  violationStatuses: z.array(z.string()),
  updatedAt: EpochMs,
});
export type MyUnitOutput = z.infer<typeof MyUnitOutput>;
export const MyUnitOutputsResponse = z.object({ items: z.array(MyUnitOutput) });

/** GET /v1/units/{id}: the published slides of one unit the caller may see. */
export const UnitIdParams = z.object({ id: z.string().min(1).max(64) });
export const UnitResponse = z.object({
  items: z.array(UnitOutput.extend({ unitId: z.string().nullable(), updatedAt: EpochMs })),
});

/** GET /v1/work/{id}: lang picks the language (default the reader's); raw: as written. */
export const WorkIdParams = z.object({ id: Id });
export const WorkQuery = z.object({ lang: z.optional(Lang), raw: z.optional(QueryBoolean) });
export const WorkResponse = z.object({ item: Work });

/** Tags: anyone signed in reads; staff roles write. */
export const TagsQuery = z.object({ type: TagType.optional() });
export const TagsResponse = z.object({ items: z.array(Tag) });
const TagLabels = z.object({
  ja: z.string().trim().min(1).max(40),
  en: z.string().trim().min(1).max(40),
});
export const CreateTagRequest = z
  .object({
    type: TagType,
    name: nameText(40),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
    description: z.string().trim().max(400).optional(),
    labels: TagLabels.optional(),
  })
  .strict();
/** PUT /v1/tag: the tag's id and the fields to change. */
export const UpdateTagRequest = CreateTagRequest.partial().extend({ id: Id }).strict();
/** DELETE /v1/tag?id=… */
export const DeleteTagQuery = z.object({ id: Id });
export const TagResponse = z.object({ item: Tag });

/** GET /v1/activities/{id}: the caller's own activity in one session, newest first. */
export const ActivitiesParams = z.object({ id: Id });
const ACTIVITY_TYPES = ['openSession', 'watchArchive', 'openWork', 'finishVideo'] as const;
const ActivityType = z.enum(ACTIVITY_TYPES);
export const ActivityItem = z.object({
  id: Id,
  type: z.string(),
  sessionId: z.nullable(Id),
  streamId: z.nullable(Id),
  payload: z.object({
    timestamp: z.optional(EpochMs),
    sessionId: z.optional(Id),
    workId: z.optional(Id),
  }),
  createdAt: EpochMs,
});
export const ActivitiesResponse = z.object({ items: z.array(ActivityItem) });
/** POST /v1/activity: the caller records where they are (session, work, position). */
export const PostActivityRequest = z
  .object({
    type: ActivityType,
    sessionId: Id,
    workId: z.optional(Id),
    timestamp: z.optional(EpochMs),
  })
  .strict();
export const ActivityResponse = z.object({ item: ActivityItem });

/** POST /v1/stream/{id}/output/length: how many of the room's people posted, by work. */
export const StreamIdParams = z.object({ id: Id });
export const OutputLengthRequest = z.object({ workId: z.optional(Id) }).strict();
export const OutputLengthResponse = z.object({
  item: z.object({ length: z.number().int().nonnegative(), participants: z.number().int() }),
});

/** GET /v1/session/{id}/actions: the reactions on the session, by people the caller may see. */
export const SessionActionsResponse = z.object({ items: z.array(Action) });

/** GET /v1/session/{id}/reflections: published reflections on the session. */
export const SessionReflectionsResponse = z.object({
  items: z.array(
    Reflection.pick({
      id: true,
      sessionId: true,
      userId: true,
      ideaNote: true,
      thinkNote: true,
      actionNote: true,
      updatedAt: true,
    }).extend({ score: z.number().nullable() }),
  ),
});

/** POST /v1/user: staff create a pupil or teacher account in one of the groups they manage. */
export const CreateUserRequest = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]{3,40}$/, 'accountName'),
    name: nameText(60),
    displayName: DisplayName,
    password: NewPassword,
    role: z.enum(['member', 'supporter', 'teacher']),
    groupIds: z.array(Id).min(1).max(10),
    studentNumber: z.string().trim().max(20).optional(),
    lang: z.optional(Lang),
  })
  .strict();
export const CreateUserResponse = z.object({
  item: z.object({ id: Id, account: z.string(), role: Role, groupIds: z.array(Id) }),
});
