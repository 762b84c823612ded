import { sql, type Selectable } from 'kysely';
import type { OutputItem } from '../../contracts/api/outputs';
import {
  isStaffRole,
  type Lang,
  type OutputViolation,
  type Role,
  type Work,
} from '../../contracts/entities';
import type { z } from 'zod';
import { localizeWork } from '../content/localize';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import type { OutputsTable, SessionsTable, WorksTable } from '../db/schema';
import type { Subject } from '../auth/permissions';
import type { StreamRow } from '../streams/repository';
import { sessionBrief } from '../sessions/brief';
import { visibleSessions } from '../sessions/repository';
import { maySeeSchoolOf, publicUsers, wireUser } from '../users/public-users';
import type { UserRow } from '../users/repository';
import { noReactions, reactionCounts } from './reactions';
import type { SequenceRow } from './sequencing';

export type OutputRow = Selectable<OutputsTable>;
export type WorkRow = Selectable<WorksTable>;

/** A session's outputs list returns at most this many (newest first). */
const SESSION_OUTPUTS_MAX = 500;
type SessionRow = Selectable<SessionsTable>;
type Violation = z.infer<typeof OutputViolation>;

/**
 * Who sees an output (accounts and people, "Feedback visibility"): published and not hidden for
 * everyone; pending, rejected and hidden ones for the author and staff roles (admin, staff,
 * teacher), with the status on the item so the client labels it; autosaved drafts for the
 * author alone. School scope (maySeeSchoolOf) applies on top.
 */
export function mayViewOutput(
  viewer: { id: string; role: Role },
  row: Pick<OutputRow, 'user_id' | 'status' | 'is_hidden'>,
): boolean {
  if (row.user_id === viewer.id) return true;
  if (row.status === 'autosaved') return false;
  if (isStaffRole(viewer.role)) return true;
  return row.status === 'published' && !row.is_hidden;
}

/**
 * The 'updated' rule on edit: violation statuses that are non-empty but lack 'updated' get it
 * appended, so staff see that a flagged output was changed after the flag.
 */
export function violationsAfterEdit(existing: readonly Violation[]): Violation[] {
  if (existing.length === 0 || existing.includes('updated')) return [...existing];
  return [...existing, 'updated'];
}

/** Published feedback counts per output. */
async function commentCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('feedbacks')
    .select(['output_id', sql<number>`count(*)::int`.as('n')])
    .where('output_id', 'in', [...ids])
    .where('status', '=', 'published')
    .groupBy('output_id')
    .execute();
  return new Map(rows.map((r) => [r.output_id, Number(r.n)]));
}

/**
 * Wire items for rows the caller already decided the viewer may see, minus authors outside the
 * viewer's school scope. `sessions` (when given) adds each output's session brief.
 */
export async function toOutputItems(
  db: Db,
  viewer: UserRow,
  rows: readonly OutputRow[],
  sessions?: ReadonlyMap<string, SessionRow>,
): Promise<OutputItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [users, images, comments, reactions] = await Promise.all([
    publicUsers(
      db,
      viewer,
      rows.map((r) => r.user_id),
    ),
    db
      .selectFrom('output_images')
      .select(['output_id', 'url'])
      .where('output_id', 'in', ids)
      .orderBy('position')
      .execute(),
    commentCounts(db, ids),
    reactionCounts(db, viewer, ids),
  ]);
  const items: OutputItem[] = [];
  for (const r of rows) {
    const author = users.get(r.user_id);
    if (!author || !maySeeSchoolOf(viewer, author)) continue;
    const item: OutputItem = {
      id: r.id,
      sessionId: r.session_id,
      workId: r.work_id,
      userId: r.user_id,
      user: wireUser(author),
      description: r.description,
      images: images.filter((i) => i.output_id === r.id).map((i) => i.url),
      status: r.status,
      violationStatuses: r.violation_statuses,
      outputComments: comments.get(r.id) ?? 0,
      reactions: reactions.get(r.id) ?? noReactions(),
      rate: r.rate,
      createdAt: msOf(r.created_at),
      updatedAt: msOf(r.updated_at),
    };
    if (r.name !== null) item.name = r.name;
    const session = sessions?.get(r.session_id);
    if (session) item.session = sessionBrief(session);
    items.push(item);
  }
  return items;
}

/**
 * The viewer's own output rows as wire items, minus those whose session the viewer may no longer
 * see (the caller lists and orders the rows); `withSession` adds each output's session brief.
 */
export async function ownOutputItems(
  db: Db,
  subject: Subject,
  viewer: UserRow,
  rows: readonly OutputRow[],
  withSession: boolean,
): Promise<OutputItem[]> {
  const sessions = await visibleSessions(
    db,
    subject,
    rows.map((r) => r.session_id),
  );
  const shown = rows.filter((r) => sessions.has(r.session_id));
  return toOutputItems(db, viewer, shown, withSession ? sessions : undefined);
}

/**
 * GET /v1/session/{id}/outputs: the session's outputs (of one work when asked), newest first,
 * that `scope` may see by mayViewOutput (drafts only their own). The caller has opened the
 * session (requireVisibleSession); toOutputItems applies the school scope to the authors.
 */
export async function listSessionOutputs(
  db: Db,
  scope: Subject,
  sessionId: string,
  workId: string | undefined,
): Promise<OutputRow[]> {
  const rows = await db
    .selectFrom('outputs')
    .selectAll()
    .where('session_id', '=', sessionId)
    .$if(workId !== undefined, (q) => q.where('work_id', '=', workId!))
    .where((eb) => eb.or([eb('status', '!=', 'autosaved'), eb('user_id', '=', scope.userId)]))
    .orderBy('created_at', 'desc')
    .limit(SESSION_OUTPUTS_MAX)
    .execute();
  const viewer = { id: scope.userId, role: scope.role };
  return rows.filter((r) => mayViewOutput(viewer, r));
}

/**
 * GET /v1/me/outputs: the caller's own posted outputs (no autosaved drafts), newest first;
 * `isViolated` keeps only those the screening flagged.
 */
export async function listOwnOutputs(
  db: Db,
  scope: Subject,
  isViolated: boolean,
  limit: number,
): Promise<OutputRow[]> {
  return db
    .selectFrom('outputs')
    .selectAll()
    .where('user_id', '=', scope.userId)
    .where('status', '!=', 'autosaved')
    .$if(isViolated, (q) =>
      q.where((eb) => eb(eb.fn('jsonb_array_length', ['violation_statuses']), '>', 0)),
    )
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * GET /v1/me/postedOutputs: the caller's own outputs, last changed first; autosaved drafts only
 * when asked (the autosave dialog reads them).
 */
export async function listPostedOutputs(
  db: Db,
  scope: Subject,
  withAutosaved: boolean,
  limit: number,
): Promise<OutputRow[]> {
  return db
    .selectFrom('outputs')
    .selectAll()
    .where('user_id', '=', scope.userId)
    .$if(!withAutosaved, (q) => q.where('status', '!=', 'autosaved'))
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * POST /v1/stream/{id}/output/length: how many people joined the room, and how many of them
 * posted a published output on its session (on one work when asked). No scope: the caller passes
 * a room requireRoomOfSession let them open, and gets two counts, nobody's rows.
 */
export async function roomOutputLength(
  db: Db,
  room: Pick<StreamRow, 'id' | 'session_id'>,
  workId: string | undefined,
): Promise<{ length: number; participants: number }> {
  const joined = db
    .selectFrom('activities')
    .select('user_id')
    .where('stream_id', '=', room.id)
    .where('type', '=', 'joinStream');
  const [participants, posted] = await Promise.all([
    db
      .selectFrom('activities')
      .select(sql<number>`count(distinct user_id)::int`.as('n'))
      .where('stream_id', '=', room.id)
      .where('type', '=', 'joinStream')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('outputs')
      .select(sql<number>`count(distinct user_id)::int`.as('n'))
      .where('session_id', '=', room.session_id)
      .where('status', '=', 'published')
      .where('user_id', 'in', joined)
      .$if(workId !== undefined, (q) => q.where('work_id', '=', workId!))
      .executeTakeFirstOrThrow(),
  ]);
  return { length: Number(posted.n), participants: Number(participants.n) };
}

/**
 * GET /v1/work/{id}: the work, if it belongs to a session `scope` may see (a work is seen
 * through its sessions); undefined otherwise, as for a work that does not exist.
 */
export async function findVisibleWork(
  db: Db,
  scope: Subject,
  workId: string,
): Promise<WorkRow | undefined> {
  const [row, links] = await Promise.all([
    db.selectFrom('works').selectAll().where('id', '=', workId).executeTakeFirst(),
    db.selectFrom('session_works').select('session_id').where('work_id', '=', workId).execute(),
  ]);
  const sessions = await visibleSessions(
    db,
    scope,
    links.map((l) => l.session_id),
  );
  return row && sessions.size > 0 ? row : undefined;
}

/** Candidates for the sequencing modes: the session's published, visible outputs as rows. */
export async function sequenceRows(
  db: Db,
  viewer: UserRow,
  sessionId: string,
  workId: string | undefined,
): Promise<Array<SequenceRow & { row: OutputRow }>> {
  const rows = await db
    .selectFrom('outputs')
    .selectAll()
    .where('session_id', '=', sessionId)
    .$if(workId !== undefined, (q) => q.where('work_id', '=', workId!))
    .where('status', '=', 'published')
    .where('is_hidden', '=', false)
    .execute();
  const [users, comments] = await Promise.all([
    publicUsers(
      db,
      viewer,
      rows.map((r) => r.user_id),
    ),
    commentCounts(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows
    .filter((r) => {
      const author = users.get(r.user_id);
      return author !== undefined && maySeeSchoolOf(viewer, author);
    })
    .map((r) => ({
      id: r.id,
      createdAt: msOf(r.created_at),
      descriptionLength: r.description.length,
      comments: comments.get(r.id) ?? 0,
      rate: r.rate,
      row: r,
    }));
}

/** The works of a session, in their order. */
export async function worksOfSession(db: Db, sessionId: string, lang: Lang): Promise<Work[]> {
  const rows = await db
    .selectFrom('session_works')
    .innerJoin('works', 'works.id', 'session_works.work_id')
    .selectAll('works')
    .where('session_works.session_id', '=', sessionId)
    .orderBy('session_works.position')
    .execute();
  return rows.map((row) => toWork(row, lang));
}

/** A work row on the wire, in `lang`, or as written when `lang` is null (raw). */
export function toWork(row: WorkRow, lang: Lang | null): Work {
  const w = lang ? localizeWork(row, lang) : row;
  const work: Work = {
    id: w.id,
    title: w.title,
    description: w.description,
    image: w.image,
    questions: w.questions,
    examples: w.examples,
  };
  if (w.after_description !== null) work.afterDescription = w.after_description;
  if (w.after_image !== null) work.afterImage = w.after_image;
  if (w.associated_color !== null) work.associatedColor = w.associated_color;
  return work;
}
