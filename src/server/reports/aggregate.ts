import type { Insertable } from 'kysely';
import type { Db } from '../db/database';
import type { ReportMemberSessionsTable } from '../db/schema';
import { withDescendants, type GroupRow } from '../users/repository';

/** Roles counted in class reports: the pupils. Staff who join a session are not the class. */
export const REPORTED_ROLES = ['member', 'supporter'] as const;

type Key = `${string}\u0000${string}`;
const keyOf = (userId: string, sessionId: string): Key => `${userId}\u0000${sessionId}`;

interface Stats {
  joinedAt: Date | null;
  outputs: number;
  publishedOutputs: number;
  latestOutputAt: Date | null;
  feedbackGiven: number;
  feedbackReceived: number;
  reflections: number;
}

const empty = (): Stats => ({
  joinedAt: null,
  outputs: 0,
  publishedOutputs: 0,
  latestOutputAt: null,
  feedbackGiven: 0,
  feedbackReceived: 0,
  reflections: 0,
});

/**
 * Rebuilds report_member_sessions: for every active group, every pupil of the group or of a
 * group below it, and every session the pupil did something in — joined (the first join of the
 * session in any way: alone or on the session page, joinSession; through a room, joinStream),
 * outputs posted (drafts not counted; published ones separately), feedback given and received
 * (rejected feedback and feedback on one's own output not counted) and published reflections.
 * One transaction, so a report never reads half a refresh.
 */
export async function refreshReportAggregates(
  db: Db,
  trigger: 'schedule' | 'startup' | 'manual',
  now: () => Date = () => new Date(),
): Promise<{ rows: number; refreshedAt: Date }> {
  const startedAt = now();
  const stats = new Map<Key, Stats>();
  const at = (userId: string, sessionId: string) => {
    const k = keyOf(userId, sessionId);
    let s = stats.get(k);
    if (!s) stats.set(k, (s = empty()));
    return s;
  };
  const pupils = db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', [...REPORTED_ROLES]);

  const joins = await db
    .selectFrom('activities')
    .select(['user_id', 'session_id', (eb) => eb.fn.min('created_at').as('first')])
    // A room join records only joinStream; watching alone records joinSession. Both attended.
    .where('type', 'in', ['joinSession', 'joinStream'])
    .where('session_id', 'is not', null)
    .where('user_id', 'in', pupils)
    .groupBy(['user_id', 'session_id'])
    .execute();
  for (const j of joins) at(j.user_id, j.session_id!).joinedAt = new Date(j.first);

  const outputs = await db
    .selectFrom('outputs')
    .select((eb) => [
      'user_id',
      'session_id',
      eb.fn.countAll<string>().as('n'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'published').as('published'),
      eb.fn.max('created_at').as('latest'),
    ])
    .where('status', '!=', 'autosaved')
    .where('user_id', 'in', pupils)
    .groupBy(['user_id', 'session_id'])
    .execute();
  for (const o of outputs) {
    const s = at(o.user_id, o.session_id);
    s.outputs = Number(o.n);
    s.publishedOutputs = Number(o.published);
    s.latestOutputAt = new Date(o.latest);
  }

  const given = await db
    .selectFrom('feedbacks')
    .select((eb) => ['user_id', 'session_id', eb.fn.countAll<string>().as('n')])
    .where('status', '!=', 'rejected')
    .where('user_id', 'in', pupils)
    .groupBy(['user_id', 'session_id'])
    .execute();
  for (const g of given) at(g.user_id, g.session_id).feedbackGiven = Number(g.n);

  const received = await db
    .selectFrom('feedbacks')
    .innerJoin('outputs', 'outputs.id', 'feedbacks.output_id')
    .select((eb) => [
      'outputs.user_id as user_id',
      'outputs.session_id as session_id',
      eb.fn.countAll<string>().as('n'),
    ])
    .where('feedbacks.status', '!=', 'rejected')
    .whereRef('feedbacks.user_id', '!=', 'outputs.user_id')
    .where('outputs.user_id', 'in', pupils)
    .groupBy(['outputs.user_id', 'outputs.session_id'])
    .execute();
  for (const r of received) at(r.user_id, r.session_id).feedbackReceived = Number(r.n);

  const reflections = await db
    .selectFrom('reflections')
    .select((eb) => ['user_id', 'session_id', eb.fn.countAll<string>().as('n')])
    .where('status', '=', 'published')
    .where('user_id', 'in', pupils)
    .groupBy(['user_id', 'session_id'])
    .execute();
  for (const r of reflections) at(r.user_id, r.session_id).reflections = Number(r.n);

  const sessionsByUser = new Map<string, string[]>();
  for (const k of stats.keys()) {
    const [userId, sessionId] = k.split('\u0000') as [string, string];
    const list = sessionsByUser.get(userId) ?? [];
    list.push(sessionId);
    sessionsByUser.set(userId, list);
  }

  const groups = await db.selectFrom('groups').selectAll().execute();
  const members = await db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['group_members.group_id', 'group_members.user_id'])
    .where('users.role', 'in', [...REPORTED_ROLES])
    .where('users.status', '!=', 'withdrawn')
    .execute();
  const membersOf = new Map<string, string[]>();
  for (const m of members) {
    const list = membersOf.get(m.group_id) ?? [];
    list.push(m.user_id);
    membersOf.set(m.group_id, list);
  }

  const rows: Insertable<ReportMemberSessionsTable>[] = [];
  for (const g of groups) {
    if (g.confirm_type !== 'active') continue;
    for (const userId of pupilsOfGroup(g, groups, membersOf)) {
      for (const sessionId of sessionsByUser.get(userId) ?? []) {
        const s = stats.get(keyOf(userId, sessionId))!;
        rows.push({
          group_id: g.id,
          session_id: sessionId,
          user_id: userId,
          joined_at: s.joinedAt,
          outputs: s.outputs,
          published_outputs: s.publishedOutputs,
          latest_output_at: s.latestOutputAt,
          feedback_given: s.feedbackGiven,
          feedback_received: s.feedbackReceived,
          reflections: s.reflections,
        });
      }
    }
  }

  const finishedAt = now();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('report_member_sessions').execute();
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('report_member_sessions')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    await trx
      .insertInto('report_refreshes')
      .values({ started_at: startedAt, finished_at: finishedAt, row_count: rows.length, trigger })
      .execute();
  });
  return { rows: rows.length, refreshedAt: finishedAt };
}

/** Pupils of a group and of the active groups below it (a grade's report covers its classes). */
export function pupilsOfGroup(
  group: GroupRow,
  all: readonly GroupRow[],
  membersOf: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const ids = new Set<string>();
  for (const g of withDescendants([group], all)) {
    if (g.confirm_type !== 'active') continue;
    for (const u of membersOf.get(g.id) ?? []) ids.add(u);
  }
  return ids;
}

/** When the aggregates were last rebuilt, if ever. */
export async function lastRefreshedAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('report_refreshes')
    .select((eb) => eb.fn.max('finished_at').as('at'))
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}
