import { z } from 'zod';
import { EpochMs, Id, Role, SessionStatus } from '../entities';

/**
 * Class reports (accounts and people: report screens; core platform: /report routes). Staff
 * roles only; a group must be one of the caller's groups (or below one), or the caller admin or
 * staff. Tables come from aggregates refreshed at REPORT_REFRESH_TIMES; `refreshedAt` says when.
 */
export const ReportGroup = z.object({
  id: Id,
  name: z.string(),
  parentId: z.nullable(Id),
  schoolId: Id,
});
export type ReportGroup = z.infer<typeof ReportGroup>;

/** GET /v1/report/groups: the caller's report groups, suspended ones excluded, tree order. */
export const ReportGroupsResponse = z.object({ items: z.array(ReportGroup) });
export type ReportGroupsResponse = z.infer<typeof ReportGroupsResponse>;

export const ReportGroupParams = z.object({ groupId: Id });
export const ReportSessionParams = z.object({ groupId: Id, sessionId: Id });

/** Each table also answers as CSV at the same path plus `/csv` (UTF-8 with a BOM, for Excel). */

/** One session as the group took part in it. */
export const ReportSessionRow = z.object({
  sessionId: Id,
  /** In the reader's language (issue 9). */
  title: z.string(),
  /** Tells a live session from the archive of the same video (issue 9). */
  status: SessionStatus,
  startTime: EpochMs,
  members: z.number().int().nonnegative(),
  joined: z.number().int().nonnegative(),
  outputs: z.number().int().nonnegative(),
  feedbackGiven: z.number().int().nonnegative(),
  feedbackReceived: z.number().int().nonnegative(),
  reflections: z.number().int().nonnegative(),
});
export type ReportSessionRow = z.infer<typeof ReportSessionRow>;

const ReportMeta = {
  group: ReportGroup,
  /** When the aggregates were last rebuilt; null before the first refresh. */
  refreshedAt: z.nullable(EpochMs),
};

export const ReportSessionsResponse = z.object({ ...ReportMeta, items: z.array(ReportSessionRow) });
export type ReportSessionsResponse = z.infer<typeof ReportSessionsResponse>;

export const ReportMember = z.object({
  userId: Id,
  displayName: z.string(),
  name: z.string(),
  studentNumber: z.string().nullable(),
  role: Role,
});
export type ReportMember = z.infer<typeof ReportMember>;

/** One pupil in one session. */
export const ReportSessionMemberRow = ReportMember.extend({
  joinedAt: z.nullable(EpochMs),
  outputs: z.number().int().nonnegative(),
  feedbackGiven: z.number().int().nonnegative(),
  feedbackReceived: z.number().int().nonnegative(),
  reflections: z.number().int().nonnegative(),
});
export type ReportSessionMemberRow = z.infer<typeof ReportSessionMemberRow>;

/** The 'check posting status' popover: live, not from the aggregates. */
export const PostingStatusRow = ReportMember.extend({
  latestOutput: z
    .object({
      id: Id,
      description: z.string(),
      status: z.enum(['published', 'pending', 'rejected']),
      createdAt: EpochMs,
    })
    .nullable(),
});
export type PostingStatusRow = z.infer<typeof PostingStatusRow>;

export const ReportSessionResponse = z.object({
  ...ReportMeta,
  session: z.object({ id: Id, title: z.string(), startTime: EpochMs }),
  items: z.array(ReportSessionMemberRow),
  postingStatus: z.array(PostingStatusRow),
});
export type ReportSessionResponse = z.infer<typeof ReportSessionResponse>;

/** One pupil over all sessions. */
export const ReportMemberRow = ReportMember.extend({
  sessionsJoined: z.number().int().nonnegative(),
  outputs: z.number().int().nonnegative(),
  feedbackGiven: z.number().int().nonnegative(),
  feedbackReceived: z.number().int().nonnegative(),
  reflections: z.number().int().nonnegative(),
});
export type ReportMemberRow = z.infer<typeof ReportMemberRow>;

export const ReportMembersResponse = z.object({ ...ReportMeta, items: z.array(ReportMemberRow) });
export type ReportMembersResponse = z.infer<typeof ReportMembersResponse>;

/**
 * GET /v1/report/feedbacks: outputs of the caller's report scope (their school; any school for
 * admin and staff) with their feedback count. `zero=true` keeps those with no feedback yet
 * (the feedback-zero view); `start`/`end` (YYYY-MM-DD, inclusive, report time zone) narrow by
 * the output's creation date.
 */
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const ReportFeedbacksQuery = z.object({
  zero: z.enum(['true', 'false']).optional(),
  start: IsoDate.optional(),
  end: IsoDate.optional(),
  groupId: z.optional(Id),
});
export type ReportFeedbacksQuery = z.infer<typeof ReportFeedbacksQuery>;

export const ReportFeedbackRow = z.object({
  outputId: Id,
  sessionId: Id,
  sessionTitle: z.string(),
  userId: Id,
  displayName: z.string(),
  description: z.string(),
  status: z.enum(['published', 'pending', 'rejected']),
  feedbacks: z.number().int().nonnegative(),
  createdAt: EpochMs,
});
export type ReportFeedbackRow = z.infer<typeof ReportFeedbackRow>;

export const ReportFeedbacksResponse = z.object({
  count: z.number().int().nonnegative(),
  items: z.array(ReportFeedbackRow),
});
export type ReportFeedbacksResponse = z.infer<typeof ReportFeedbacksResponse>;

/**
 * POST /v1/report/refresh (staff roles, unless REPORT_REFRESH_ON_DEMAND=false): rebuild the
 * aggregates now. `groupId`, the report page's group, is limited like the caller: one refresh per
 * REPORT_REFRESH_ON_DEMAND_INTERVAL_MS each (429 `tooManyRequests` with Retry-After).
 */
export const ReportRefreshRequest = z.strictObject({ groupId: z.optional(Id) });
export type ReportRefreshRequest = z.infer<typeof ReportRefreshRequest>;

export const ReportRefreshResponse = z.object({ refreshedAt: EpochMs, rows: z.number().int() });
export type ReportRefreshResponse = z.infer<typeof ReportRefreshResponse>;

/** GET /v1/report/status: when the data is from and whether on-demand refresh is available. */
export const ReportStatusResponse = z.object({
  refreshedAt: z.nullable(EpochMs),
  nextRefreshAt: EpochMs,
  canRefresh: z.boolean(),
});
export type ReportStatusResponse = z.infer<typeof ReportStatusResponse>;
