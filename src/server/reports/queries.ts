import type {
  PostingStatusRow,
  ReportFeedbackRow,
  ReportFeedbacksQuery,
  ReportGroup,
  ReportMember,
  ReportMemberRow,
  ReportSessionMemberRow,
  ReportSessionRow,
} from '../../contracts/api/reports';
import type { Lang } from '../../contracts/entities';
import { sessionTitleSql } from '../content/localize';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { groupsOfSchools, type GroupRow } from '../users/repository';
import { pupilsOfGroup, REPORTED_ROLES } from './aggregate';
import { localToInstant } from './schedule';

export const toReportGroup = (g: GroupRow): ReportGroup => ({
  id: g.id,
  name: g.name,
  parentId: g.parent_id,
  schoolId: g.school_id,
});

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

const byNumberThenName = (a: ReportMember, b: ReportMember) => {
  if (a.studentNumber !== b.studentNumber) {
    if (a.studentNumber === null) return 1;
    if (b.studentNumber === null) return -1;
    return a.studentNumber.localeCompare(b.studentNumber, 'ja', { numeric: true });
  }
  return a.name.localeCompare(b.name, 'ja') || a.userId.localeCompare(b.userId);
};

/** The group's pupils now (its own and those of active groups below it), by student number. */
export async function pupilsOf(db: Db, group: GroupRow): Promise<ReportMember[]> {
  const all = await groupsOfSchools(db, [group.school_id]);
  const memberships = await db
    .selectFrom('group_members')
    .select(['group_id', 'user_id'])
    .where(
      'group_id',
      'in',
      all.map((g) => g.id),
    )
    .execute();
  const membersOf = new Map<string, string[]>();
  for (const m of memberships) {
    const list = membersOf.get(m.group_id) ?? [];
    list.push(m.user_id);
    membersOf.set(m.group_id, list);
  }
  const ids = [...pupilsOfGroup(group, all, membersOf)];
  if (ids.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'display_name', 'name', 'student_number', 'role'])
    .where('id', 'in', ids)
    .where('role', 'in', [...REPORTED_ROLES])
    .where('status', '!=', 'withdrawn')
    .execute();
  return users
    .map((u) => ({
      userId: u.id,
      displayName: u.display_name,
      name: u.name,
      studentNumber: u.student_number,
      role: u.role,
    }))
    .sort(byNumberThenName);
}

/** A group's sessions, titles in the reader's language (`lang`). */
export async function sessionsReport(
  db: Db,
  group: GroupRow,
  lang: Lang,
): Promise<ReportSessionRow[]> {
  const members = await pupilsOf(db, group);
  const rows = await db
    .selectFrom('report_member_sessions as r')
    .innerJoin('sessions as s', 's.id', 'r.session_id')
    .select((eb) => [
      's.id',
      sessionTitleSql(lang).as('title'),
      's.status',
      's.start_time',
      eb.fn.count<string>('r.joined_at').as('joined'),
      eb.fn.sum<string>('r.outputs').as('outputs'),
      eb.fn.sum<string>('r.feedback_given').as('given'),
      eb.fn.sum<string>('r.feedback_received').as('received'),
      eb.fn.sum<string>('r.reflections').as('reflections'),
    ])
    .where('r.group_id', '=', group.id)
    .groupBy(['s.id', 's.title', 's.start_time'])
    .orderBy('s.start_time', 'desc')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    sessionId: r.id,
    title: r.title,
    status: r.status,
    startTime: new Date(r.start_time).getTime(),
    members: members.length,
    joined: Number(r.joined),
    outputs: Number(r.outputs),
    feedbackGiven: Number(r.given),
    feedbackReceived: Number(r.received),
    reflections: Number(r.reflections),
  }));
}

export async function findReportSession(db: Db, sessionId: string, lang: Lang) {
  const session = await db
    .selectFrom('sessions as s')
    .select(['s.id as id', sessionTitleSql(lang).as('title'), 's.start_time as start_time'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!session) throw new AppError('notFound', 'Session not found');
  return {
    id: session.id,
    title: session.title,
    startTime: new Date(session.start_time).getTime(),
  };
}

/** Every pupil of the group in one session, zeros for those who did nothing. */
export async function sessionMembersReport(
  db: Db,
  group: GroupRow,
  sessionId: string,
): Promise<ReportSessionMemberRow[]> {
  const members = await pupilsOf(db, group);
  const rows = await db
    .selectFrom('report_member_sessions')
    .selectAll()
    .where('group_id', '=', group.id)
    .where('session_id', '=', sessionId)
    .execute();
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return members.map((m) => {
    const r = byUser.get(m.userId);
    return {
      ...m,
      joinedAt: r ? ms(r.joined_at) : null,
      outputs: r?.outputs ?? 0,
      feedbackGiven: r?.feedback_given ?? 0,
      feedbackReceived: r?.feedback_received ?? 0,
      reflections: r?.reflections ?? 0,
    };
  });
}

/** 'Check posting status': each pupil with their latest output in the session, read live. */
export async function postingStatus(
  db: Db,
  group: GroupRow,
  sessionId: string,
): Promise<PostingStatusRow[]> {
  const members = await pupilsOf(db, group);
  if (members.length === 0) return [];
  const latest = await db
    .selectFrom('outputs')
    .select(['id', 'user_id', 'description', 'status', 'created_at'])
    .distinctOn('user_id')
    .where('session_id', '=', sessionId)
    .where('status', '!=', 'autosaved')
    .where(
      'user_id',
      'in',
      members.map((m) => m.userId),
    )
    .orderBy('user_id')
    .orderBy('created_at', 'desc')
    .execute();
  const byUser = new Map(latest.map((o) => [o.user_id, o]));
  return members.map((m) => {
    const o = byUser.get(m.userId);
    return {
      ...m,
      latestOutput:
        o && o.status !== 'autosaved'
          ? {
              id: o.id,
              description: o.description,
              status: o.status,
              createdAt: new Date(o.created_at).getTime(),
            }
          : null,
    };
  });
}

export async function membersReport(db: Db, group: GroupRow): Promise<ReportMemberRow[]> {
  const members = await pupilsOf(db, group);
  const rows = await db
    .selectFrom('report_member_sessions')
    .select((eb) => [
      'user_id',
      eb.fn.count<string>('joined_at').as('joined'),
      eb.fn.sum<string>('outputs').as('outputs'),
      eb.fn.sum<string>('feedback_given').as('given'),
      eb.fn.sum<string>('feedback_received').as('received'),
      eb.fn.sum<string>('reflections').as('reflections'),
    ])
    .where('group_id', '=', group.id)
    .groupBy('user_id')
    .execute();
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return members.map((m) => {
    const r = byUser.get(m.userId);
    return {
      ...m,
      sessionsJoined: Number(r?.joined ?? 0),
      outputs: Number(r?.outputs ?? 0),
      feedbackGiven: Number(r?.given ?? 0),
      feedbackReceived: Number(r?.received ?? 0),
      reflections: Number(r?.reflections ?? 0),
    };
  });
}

const REPORT_FEEDBACKS_LIMIT = 500;

/**
 * Outputs in scope with their feedback count (rejected feedback not counted). With `zero`, only
 * published outputs nobody has commented on yet. Dates are whole local days in `timeZone`.
 */
export async function feedbacksReport(
  db: Db,
  scope: { schoolIds: string[] | null; userIds: string[] | null },
  query: ReportFeedbacksQuery,
  timeZone: string,
  lang: Lang,
): Promise<{ count: number; items: ReportFeedbackRow[] }> {
  if (scope.schoolIds?.length === 0 || scope.userIds?.length === 0) return { count: 0, items: [] };
  const zero = query.zero === 'true';
  let q = db
    .selectFrom('outputs as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('sessions as s', 's.id', 'o.session_id')
    .leftJoin('feedbacks as f', (j) =>
      j.onRef('f.output_id', '=', 'o.id').on('f.status', '!=', 'rejected'),
    )
    .where('o.status', 'in', zero ? ['published'] : ['published', 'pending', 'rejected']);
  if (scope.schoolIds) q = q.where('u.school_id', 'in', scope.schoolIds);
  if (scope.userIds) q = q.where('o.user_id', 'in', scope.userIds);
  if (query.start) q = q.where('o.created_at', '>=', dayStart(query.start, 0, timeZone));
  if (query.end) q = q.where('o.created_at', '<', dayStart(query.end, 1, timeZone));
  const grouped = q
    .select((eb) => [
      'o.id',
      'o.session_id',
      sessionTitleSql(lang).as('title'),
      'o.user_id',
      'u.display_name',
      'o.description',
      'o.status',
      'o.created_at',
      eb.fn.count<string>('f.id').as('feedbacks'),
    ])
    .groupBy(['o.id', 's.id', 'u.display_name'])
    .$if(zero, (qb) => qb.having((eb) => eb.fn.count('f.id'), '=', 0));
  const rows = await db
    .selectFrom(grouped.as('t'))
    .select((eb) => [
      't.id',
      't.session_id',
      't.title',
      't.user_id',
      't.display_name',
      't.description',
      't.status',
      't.created_at',
      't.feedbacks',
      eb.fn.countAll<string>().over().as('total'),
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id')
    .limit(REPORT_FEEDBACKS_LIMIT)
    .execute();
  return {
    count: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      outputId: r.id,
      sessionId: r.session_id,
      sessionTitle: r.title,
      userId: r.user_id,
      displayName: r.display_name,
      description: r.description,
      status: r.status as ReportFeedbackRow['status'],
      feedbacks: Number(r.feedbacks),
      createdAt: new Date(r.created_at).getTime(),
    })),
  };
}

/** Midnight at the start of `isoDate` plus `addDays`, in the zone. */
function dayStart(isoDate: string, addDays: number, timeZone: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return localToInstant({ year: y, month: m, day: d + addDays, hour: 0, minute: 0 }, timeZone);
}
