import type { FastifyReply } from 'fastify';
import {
  ReportFeedbacksQuery,
  ReportFeedbacksResponse,
  ReportGroupParams,
  ReportGroupsResponse,
  ReportMembersResponse,
  ReportRefreshResponse,
  ReportSessionParams,
  ReportSessionResponse,
  ReportSessionsResponse,
  ReportStatusResponse,
} from '../../contracts/api/reports';
import { AppError } from '../http/errors';
import { lastRefreshedAt } from '../reports/aggregate';
import {
  reportGroupFor,
  reportGroupsOf,
  reportSchoolScope,
  requireReportViewer,
} from '../reports/access';
import { toCsv, type CsvCell } from '../reports/csv';
import {
  feedbacksReport,
  findReportSession,
  membersReport,
  postingStatus,
  pupilsOf,
  sessionMembersReport,
  sessionsReport,
  toReportGroup,
} from '../reports/queries';
import type { UserRow } from '../users/repository';
import type { App } from './types';

/** CSV column headings in the caller's language (the tables' headings on screen). */
const HEADINGS = {
  ja: {
    session: 'セッション',
    startTime: '開始日時',
    members: 'メンバー数',
    joined: '参加者数',
    joinedAt: '参加日時',
    sessionsJoined: '参加セッション数',
    outputs: 'アウトプット数',
    feedbackGiven: '送ったフィードバック',
    feedbackReceived: '受け取ったフィードバック',
    reflections: 'ふりかえり数',
    studentNumber: '出席番号',
    name: '氏名',
    displayName: '表示名',
    description: 'アウトプット',
    status: '状態',
    createdAt: '投稿日時',
    feedbacks: 'フィードバック数',
  },
  en: {
    session: 'Session',
    startTime: 'Start time',
    members: 'Members',
    joined: 'Joined',
    joinedAt: 'Joined at',
    sessionsJoined: 'Sessions joined',
    outputs: 'Outputs',
    feedbackGiven: 'Feedback given',
    feedbackReceived: 'Feedback received',
    reflections: 'Reflections',
    studentNumber: 'Student number',
    name: 'Name',
    displayName: 'Display name',
    description: 'Output',
    status: 'Status',
    createdAt: 'Posted at',
    feedbacks: 'Feedback',
  },
} as const;

/** YYYY/MM/DD HH:mm (the spec's time format) in the report zone. */
function formatTime(ms: number | null, timeZone: string): string {
  if (ms === null) return '';
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}

function sendCsv(
  reply: FastifyReply,
  name: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'no-store')
    .send(toCsv(header, rows));
}

export async function reportRoutes(app: App): Promise<void> {
  const tz = app.config.reports.timeZone;
  const viewer = async (req: Parameters<typeof app.auth.require>[0]): Promise<UserRow> => {
    const { user } = await app.auth.require(req);
    await requireReportViewer(app.permissions, user);
    return user;
  };
  const refreshedAt = async () => (await lastRefreshedAt(app.db))?.getTime() ?? null;

  app.get(
    '/v1/report/groups',
    { schema: { response: { 200: ReportGroupsResponse } } },
    async (req) => {
      const user = await viewer(req);
      return { items: (await reportGroupsOf(app.db, user)).map(toReportGroup) };
    },
  );

  app.get(
    '/v1/report/status',
    { schema: { response: { 200: ReportStatusResponse } } },
    async (req) => {
      await viewer(req);
      return {
        refreshedAt: await refreshedAt(),
        nextRefreshAt: app.reportScheduler.nextAt().getTime(),
        canRefresh: app.config.reports.refreshOnDemand,
      };
    },
  );

  app.post(
    '/v1/report/refresh',
    { schema: { response: { 200: ReportRefreshResponse } } },
    async (req) => {
      await viewer(req);
      // Production refreshes only on schedule: a rebuild reads every school's activity.
      if (!app.config.reports.refreshOnDemand)
        throw new AppError('forbidden', 'On-demand refresh is disabled');
      const result = await app.reportScheduler.refresh('manual');
      return { refreshedAt: result.refreshedAt.getTime(), rows: result.rows };
    },
  );

  app.get(
    '/v1/report/group/:groupId/sessions',
    { schema: { params: ReportGroupParams, response: { 200: ReportSessionsResponse } } },
    async (req) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      return {
        group: toReportGroup(group),
        refreshedAt: await refreshedAt(),
        items: await sessionsReport(app.db, group),
      };
    },
  );

  app.get(
    '/v1/report/group/:groupId/sessions/csv',
    { schema: { params: ReportGroupParams } },
    async (req, reply) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      const h = HEADINGS[user.lang];
      const items = await sessionsReport(app.db, group);
      return sendCsv(
        reply,
        'sessions',
        [
          h.session,
          h.startTime,
          h.members,
          h.joined,
          h.outputs,
          h.feedbackGiven,
          h.feedbackReceived,
          h.reflections,
        ],
        items.map((r) => [
          r.title,
          formatTime(r.startTime, tz),
          r.members,
          r.joined,
          r.outputs,
          r.feedbackGiven,
          r.feedbackReceived,
          r.reflections,
        ]),
      );
    },
  );

  app.get(
    '/v1/report/group/:groupId/session/:sessionId',
    { schema: { params: ReportSessionParams, response: { 200: ReportSessionResponse } } },
    async (req) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      const session = await findReportSession(app.db, req.params.sessionId);
      return {
        group: toReportGroup(group),
        refreshedAt: await refreshedAt(),
        session,
        items: await sessionMembersReport(app.db, group, session.id),
        postingStatus: await postingStatus(app.db, group, session.id),
      };
    },
  );

  app.get(
    '/v1/report/group/:groupId/session/:sessionId/csv',
    { schema: { params: ReportSessionParams } },
    async (req, reply) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      const session = await findReportSession(app.db, req.params.sessionId);
      const h = HEADINGS[user.lang];
      const items = await sessionMembersReport(app.db, group, session.id);
      return sendCsv(
        reply,
        'session',
        [
          h.studentNumber,
          h.name,
          h.displayName,
          h.joinedAt,
          h.outputs,
          h.feedbackGiven,
          h.feedbackReceived,
          h.reflections,
        ],
        items.map((r) => [
          r.studentNumber,
          r.name,
          r.displayName,
          formatTime(r.joinedAt, tz),
          r.outputs,
          r.feedbackGiven,
          r.feedbackReceived,
          r.reflections,
        ]),
      );
    },
  );

  app.get(
    '/v1/report/group/:groupId/members',
    { schema: { params: ReportGroupParams, response: { 200: ReportMembersResponse } } },
    async (req) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      return {
        group: toReportGroup(group),
        refreshedAt: await refreshedAt(),
        items: await membersReport(app.db, group),
      };
    },
  );

  app.get(
    '/v1/report/group/:groupId/members/csv',
    { schema: { params: ReportGroupParams } },
    async (req, reply) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      const h = HEADINGS[user.lang];
      const items = await membersReport(app.db, group);
      return sendCsv(
        reply,
        'members',
        [
          h.studentNumber,
          h.name,
          h.displayName,
          h.sessionsJoined,
          h.outputs,
          h.feedbackGiven,
          h.feedbackReceived,
          h.reflections,
        ],
        items.map((r) => [
          r.studentNumber,
          r.name,
          r.displayName,
          r.sessionsJoined,
          r.outputs,
          r.feedbackGiven,
          r.feedbackReceived,
          r.reflections,
        ]),
      );
    },
  );

  const feedbacks = async (user: UserRow, query: ReportFeedbacksQuery) => {
    let userIds: string[] | null = null;
    if (query.groupId) {
      const group = await reportGroupFor(app.db, user, query.groupId);
      userIds = (await pupilsOf(app.db, group)).map((m) => m.userId);
    }
    return feedbacksReport(app.db, { schoolIds: reportSchoolScope(user), userIds }, query, tz);
  };

  app.get(
    '/v1/report/feedbacks',
    { schema: { querystring: ReportFeedbacksQuery, response: { 200: ReportFeedbacksResponse } } },
    async (req) => {
      const user = await viewer(req);
      return feedbacks(user, req.query);
    },
  );

  app.get(
    '/v1/report/feedbacks/csv',
    { schema: { querystring: ReportFeedbacksQuery } },
    async (req, reply) => {
      const user = await viewer(req);
      const h = HEADINGS[user.lang];
      const { items } = await feedbacks(user, req.query);
      return sendCsv(
        reply,
        'feedbacks',
        [h.createdAt, h.session, h.displayName, h.description, h.status, h.feedbacks],
        items.map((r) => [
          formatTime(r.createdAt, tz),
          r.sessionTitle,
          r.displayName,
          r.description,
          r.status,
          r.feedbacks,
        ]),
      );
    },
  );
}
