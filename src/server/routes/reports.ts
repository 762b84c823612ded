import type { FastifyReply } from 'fastify';
import {
  ReportFeedbacksQuery,
  ReportFeedbacksResponse,
  ReportGroupParams,
  ReportGroupsResponse,
  ReportMembersResponse,
  ReportRefreshRequest,
  ReportRefreshResponse,
  ReportSessionParams,
  ReportSessionResponse,
  ReportSessionsResponse,
  ReportStatusResponse,
} from '../../contracts/api/reports';
import { REPORT_REFRESH_ON_DEMAND_INTERVAL_MS } from '../../contracts/constants';
import { contentLangOf } from '../content/localize';
import { AppError, badRequestFrom } from '../http/errors';
import { lastRefreshedAt } from '../reports/aggregate';
import {
  reportGroupFor,
  reportGroupsOf,
  reportSchoolScope,
  requireReportViewer,
} from '../reports/access';
import { toCsv, type CsvCell } from '../reports/csv';
import { RefreshLimiter } from '../reports/refresh-limit';
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
import { requireVisibleSession } from '../sessions/access';
import { visibleSessions } from '../sessions/repository';
import type { GroupRow, UserRow } from '../users/repository';
import type { App } from '../http/app-type';

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

/** One CSV column: its heading (in the caller's language) and how a row fills it. */
interface Column<R> {
  heading: keyof (typeof HEADINGS)['ja'];
  cell: (row: R, timeZone: string) => CsvCell;
}

type Row<F extends (...args: never[]) => Promise<readonly unknown[]>> = Awaited<
  ReturnType<F>
>[number];

const SESSIONS_CSV: ReadonlyArray<Column<Row<typeof sessionsReport>>> = [
  { heading: 'session', cell: (r) => r.title },
  { heading: 'startTime', cell: (r, tz) => formatTime(r.startTime, tz) },
  { heading: 'members', cell: (r) => r.members },
  { heading: 'joined', cell: (r) => r.joined },
  { heading: 'outputs', cell: (r) => r.outputs },
  { heading: 'feedbackGiven', cell: (r) => r.feedbackGiven },
  { heading: 'feedbackReceived', cell: (r) => r.feedbackReceived },
  { heading: 'reflections', cell: (r) => r.reflections },
];

const SESSION_MEMBERS_CSV: ReadonlyArray<Column<Row<typeof sessionMembersReport>>> = [
  { heading: 'studentNumber', cell: (r) => r.studentNumber },
  { heading: 'name', cell: (r) => r.name },
  { heading: 'displayName', cell: (r) => r.displayName },
  { heading: 'joinedAt', cell: (r, tz) => formatTime(r.joinedAt, tz) },
  { heading: 'outputs', cell: (r) => r.outputs },
  { heading: 'feedbackGiven', cell: (r) => r.feedbackGiven },
  { heading: 'feedbackReceived', cell: (r) => r.feedbackReceived },
  { heading: 'reflections', cell: (r) => r.reflections },
];

const MEMBERS_CSV: ReadonlyArray<Column<Row<typeof membersReport>>> = [
  { heading: 'studentNumber', cell: (r) => r.studentNumber },
  { heading: 'name', cell: (r) => r.name },
  { heading: 'displayName', cell: (r) => r.displayName },
  { heading: 'sessionsJoined', cell: (r) => r.sessionsJoined },
  { heading: 'outputs', cell: (r) => r.outputs },
  { heading: 'feedbackGiven', cell: (r) => r.feedbackGiven },
  { heading: 'feedbackReceived', cell: (r) => r.feedbackReceived },
  { heading: 'reflections', cell: (r) => r.reflections },
];

type FeedbackRow = ReportFeedbacksResponse['items'][number];
const FEEDBACKS_CSV: ReadonlyArray<Column<FeedbackRow>> = [
  { heading: 'createdAt', cell: (r, tz) => formatTime(r.createdAt, tz) },
  { heading: 'session', cell: (r) => r.sessionTitle },
  { heading: 'displayName', cell: (r) => r.displayName },
  { heading: 'description', cell: (r) => r.description },
  { heading: 'status', cell: (r) => r.status },
  { heading: 'feedbacks', cell: (r) => r.feedbacks },
];

/** Sends rows as a CSV download, with the table's headings in `lang`. */
function sendCsv<R>(
  reply: FastifyReply,
  file: { name: string; lang: keyof typeof HEADINGS; timeZone: string },
  columns: ReadonlyArray<Column<R>>,
  rows: readonly R[],
) {
  const header = columns.map((c) => HEADINGS[file.lang][c.heading]);
  const cells = rows.map((row) => columns.map((c) => c.cell(row, file.timeZone)));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}.csv"`)
    .header('cache-control', 'no-store')
    .send(toCsv(header, cells));
}

export async function reportRoutes(app: App): Promise<void> {
  const tz = app.config.reports.timeZone;
  const viewer = async (req: Parameters<typeof app.auth.require>[0]): Promise<UserRow> => {
    const { user } = await app.auth.require(req);
    await requireReportViewer(app.permissions, user);
    return user;
  };
  const refreshedAt = async () => (await lastRefreshedAt(app.db))?.getTime() ?? null;
  /** The session, if the caller may see it (a PRIVATE one only for provider roles); else 404. */
  const reportSession = async (user: UserRow, id: string) => {
    await requireVisibleSession(app.db, app.permissions, user, id);
    return findReportSession(app.db, id, contentLangOf(user));
  };
  /** A group's sessions report, without the sessions the caller may not see. */
  const visibleSessionsReport = async (user: UserRow, group: GroupRow) => {
    const rows = await sessionsReport(app.db, group, contentLangOf(user));
    const visible = await visibleSessions(
      app.db,
      await app.permissions.subject(user),
      rows.map((r) => r.sessionId),
    );
    return rows.filter((r) => visible.has(r.sessionId));
  };

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

  // "Update now" (issue 24): a rebuild reads every school's activity, so each staff user and each
  // group gets one per interval; the scheduler folds requests that arrive during a rebuild into
  // one more (docs/decisions/0031-on-demand-report-refresh.md).
  const limiter = new RefreshLimiter(REPORT_REFRESH_ON_DEMAND_INTERVAL_MS, () => app.clock());
  app.post(
    '/v1/report/refresh',
    { schema: { response: { 200: ReportRefreshResponse } } },
    async (req) => {
      const user = await viewer(req);
      if (!app.config.reports.refreshOnDemand)
        throw new AppError('forbidden', 'On-demand refresh is disabled');
      const parsed = ReportRefreshRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw badRequestFrom(parsed.error);
      const { groupId } = parsed.data;
      // A group the caller may not open is 404, like every report route.
      if (groupId !== undefined) await reportGroupFor(app.db, user, groupId);
      const keys = [`user:${user.id}`, ...(groupId !== undefined ? [`group:${groupId}`] : [])];
      const waitMs = limiter.take(keys);
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new AppError(
          'tooManyRequests',
          `The report was refreshed moments ago; try again in ${seconds} s`,
          [{ path: 'retryAfter', message: String(seconds) }],
          { 'retry-after': String(seconds) },
        );
      }
      try {
        const result = await app.reportScheduler.refresh('manual');
        return { refreshedAt: result.refreshedAt.getTime(), rows: result.rows };
      } catch (err) {
        // Nothing was rebuilt: the user may try again at once.
        limiter.release(keys);
        throw err;
      }
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
        items: await visibleSessionsReport(user, group),
      };
    },
  );

  app.get(
    '/v1/report/group/:groupId/sessions/csv',
    { schema: { params: ReportGroupParams } },
    async (req, reply) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      const file = { name: 'sessions', lang: user.lang, timeZone: tz };
      return sendCsv(reply, file, SESSIONS_CSV, await visibleSessionsReport(user, group));
    },
  );

  app.get(
    '/v1/report/group/:groupId/session/:sessionId',
    { schema: { params: ReportSessionParams, response: { 200: ReportSessionResponse } } },
    async (req) => {
      const user = await viewer(req);
      const group = await reportGroupFor(app.db, user, req.params.groupId);
      const session = await reportSession(user, req.params.sessionId);
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
      const session = await reportSession(user, req.params.sessionId);
      const items = await sessionMembersReport(app.db, group, session.id);
      const file = { name: 'session', lang: user.lang, timeZone: tz };
      return sendCsv(reply, file, SESSION_MEMBERS_CSV, items);
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
      const file = { name: 'members', lang: user.lang, timeZone: tz };
      return sendCsv(reply, file, MEMBERS_CSV, await membersReport(app.db, group));
    },
  );

  const feedbacks = async (user: UserRow, query: ReportFeedbacksQuery) => {
    let userIds: string[] | null = null;
    if (query.groupId) {
      const group = await reportGroupFor(app.db, user, query.groupId);
      userIds = (await pupilsOf(app.db, group)).map((m) => m.userId);
    }
    return feedbacksReport(
      app.db,
      { schoolIds: reportSchoolScope(user), userIds },
      query,
      tz,
      contentLangOf(user),
    );
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
      const { items } = await feedbacks(user, req.query);
      const file = { name: 'feedbacks', lang: user.lang, timeZone: tz };
      return sendCsv(reply, file, FEEDBACKS_CSV, items);
    },
  );
}
