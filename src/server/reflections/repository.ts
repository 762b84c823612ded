import type { Selectable, Updateable } from 'kysely';
import type { SessionReflectionsResponse } from '../../contracts/api/catalogue';
import type { ProfileReflection } from '../../contracts/api/profile';
import { mayReadNote, noteFor, rejectionNotes } from '../moderation/rejection-notes';
import type { Tag } from '../../contracts/entities';
import type { z } from 'zod';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import type { ReflectionsTable } from '../db/schema';
import { AppError } from '../http/errors';
import { sessionBrief } from '../sessions/brief';
import { visibleSessions } from '../sessions/repository';
import { withinWall, type SessionWall } from '../sessions/walls';
import { findUserById, type UserRow } from '../users/repository';

export type ReflectionRow = Selectable<ReflectionsTable>;
type SessionReflection = z.infer<typeof SessionReflectionsResponse>['items'][number];

/** What every reflection item carries: whose notes on which session. */
const notesOf = (r: ReflectionRow) => ({
  id: r.id,
  sessionId: r.session_id,
  userId: r.user_id,
  ideaNote: r.idea_note,
  thinkNote: r.think_note,
  actionNote: r.action_note,
});

/** A reflection on the wire (the reflection calls and the profile lists). */
export const toReflection = (r: ReflectionRow): ProfileReflection => ({
  ...notesOf(r),
  score: r.score,
  status: r.status,
  createdAt: msOf(r.created_at),
  updatedAt: msOf(r.updated_at),
});

/**
 * GET /v1/session/{id}/reflections: the session's published reflections and the caller's own
 * drafts, newest first, of authors within the caller's wall (withdrawn authors left out).
 */
export async function sessionReflections(
  db: Db,
  scope: Subject,
  wall: SessionWall,
  sessionId: string,
  limit: number,
): Promise<SessionReflection[]> {
  const rows = await db
    .selectFrom('reflections')
    .innerJoin('users', 'users.id', 'reflections.user_id')
    .selectAll('reflections')
    .select('users.school_id as author_school')
    .where('reflections.session_id', '=', sessionId)
    .where('users.status', '!=', 'withdrawn')
    // Drafts are the author's own.
    .where((eb) =>
      eb.or([
        eb('reflections.status', '=', 'published'),
        eb('reflections.user_id', '=', scope.userId),
      ]),
    )
    .orderBy('reflections.updated_at', 'desc')
    .limit(limit)
    .execute();
  return withinWall(wall, { id: scope.userId }, rows).map((r) => ({
    ...notesOf(r),
    score: r.score,
    updatedAt: msOf(r.updated_at),
  }));
}

/** The statuses a reflection is stored with (drafts are the author's own until published). */
export type ReflectionStatus = ReflectionRow['status'];

/** The notes, score and status of a new reflection, or the changed ones of an update. */
export interface ReflectionFields {
  ideaNote: string;
  thinkNote: string;
  actionNote: string;
  score: number | null;
  status: ReflectionStatus;
}

/**
 * The reflection if `scope` may read it: their own (drafts included), or a published one whose
 * author `mayViewAuthor` lets them see (the profile rule, users' mayView); 404 otherwise, the
 * same for a missing reflection and someone else's draft, so drafts cannot be probed.
 */
export async function findReadableReflection(
  db: Db,
  scope: Subject,
  id: string,
  mayViewAuthor: (author: UserRow) => boolean,
): Promise<ReflectionRow> {
  const row = await db
    .selectFrom('reflections')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound', 'No such reflection');
  if (row.user_id === scope.userId) return row;
  const author = await findUserById(db, row.user_id);
  if (row.status !== 'published' || !author || !mayViewAuthor(author)) {
    throw new AppError('notFound', 'No such reflection');
  }
  return row;
}

/** The id of the caller's reflection on the session, if they wrote one (one per session). */
export async function ownReflectionIdOn(
  db: Db,
  scope: Subject,
  sessionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('reflections')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('user_id', '=', scope.userId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Stores the caller's reflection on the session; undefined when one exists already (two tabs
 * saving at once: the unique index keeps one).
 */
export async function insertReflection(
  db: Db,
  scope: Subject,
  sessionId: string,
  fields: ReflectionFields,
): Promise<ReflectionRow | undefined> {
  return db
    .insertInto('reflections')
    .values({
      session_id: sessionId,
      user_id: scope.userId,
      idea_note: fields.ideaNote,
      think_note: fields.thinkNote,
      action_note: fields.actionNote,
      score: fields.score,
      status: fields.status,
    })
    .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Changes the caller's own reflection: the given notes and score, and its (screened) status. */
export async function updateOwnReflection(
  db: Db,
  scope: Subject,
  id: string,
  changes: Partial<Omit<ReflectionFields, 'status'>> & { status: ReflectionStatus },
): Promise<ReflectionRow> {
  const set: Updateable<ReflectionsTable> = { updated_at: new Date() };
  if (changes.ideaNote !== undefined) set.idea_note = changes.ideaNote;
  if (changes.thinkNote !== undefined) set.think_note = changes.thinkNote;
  if (changes.actionNote !== undefined) set.action_note = changes.actionNote;
  if (changes.score !== undefined) set.score = changes.score;
  set.status = changes.status;
  return db
    .updateTable('reflections')
    .set(set)
    .where('id', '=', id)
    .where('user_id', '=', scope.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the caller's own reflection. */
export async function deleteOwnReflection(db: Db, scope: Subject, id: string): Promise<void> {
  await db
    .deleteFrom('reflections')
    .where('id', '=', id)
    .where('user_id', '=', scope.userId)
    .execute();
}

/** The caller's own reflections (drafts included), last changed first, on one session if asked. */
export async function listOwnReflections(
  db: Db,
  scope: Subject,
  sessionId: string | undefined,
): Promise<ReflectionRow[]> {
  return db
    .selectFrom('reflections')
    .selectAll()
    .where('user_id', '=', scope.userId)
    .$if(sessionId !== undefined, (q) => q.where('session_id', '=', sessionId!))
    .orderBy('updated_at', 'desc')
    .execute();
}

/**
 * A user's reflections on their profile, last changed first: all of them for the user themself,
 * published ones for others. The caller has checked that `scope` may see the author.
 */
export async function listUserReflections(
  db: Db,
  scope: Subject,
  authorId: string,
): Promise<ReflectionRow[]> {
  return (
    db
      .selectFrom('reflections')
      .selectAll()
      .where('user_id', '=', authorId)
      // Drafts are the author's own.
      .$if(authorId !== scope.userId, (q) => q.where('status', '=', 'published'))
      .orderBy('updated_at', 'desc')
      .execute()
  );
}

/**
 * The tags of each session, in their order. No scope: tags are global reference data, and the
 * caller keeps only sessions the viewer may see.
 */
async function tagsOf(db: Db, sessionIds: readonly string[]): Promise<Map<string, Tag[]>> {
  const out = new Map<string, Tag[]>();
  if (sessionIds.length === 0) return out;
  const rows = await db
    .selectFrom('session_tags')
    .innerJoin('tags', 'tags.id', 'session_tags.tag_id')
    .select([
      'session_tags.session_id',
      'tags.id',
      'tags.type',
      'tags.name',
      'tags.color',
      'tags.labels',
    ])
    .where('session_tags.session_id', 'in', [...new Set(sessionIds)])
    .orderBy('session_tags.position')
    .execute();
  for (const r of rows) {
    const tag: Tag = { id: r.id, type: r.type, name: r.name };
    if (r.color !== null) tag.color = r.color;
    if (r.labels) tag.labels = r.labels;
    const list = out.get(r.session_id) ?? [];
    list.push(tag);
    out.set(r.session_id, list);
  }
  return out;
}

/**
 * Reflections on the wire with their session and tags when asked. Reflections on sessions
 * `scope` may no longer see are left out.
 */
export async function decorateReflections(
  db: Db,
  scope: Subject,
  rows: readonly ReflectionRow[],
  options: { withSession?: boolean | undefined; withTag?: boolean | undefined },
): Promise<ProfileReflection[]> {
  const sessionIds = rows.map((r) => r.session_id);
  const viewer = { id: scope.userId, role: scope.role };
  const [sessions, tags, notes] = await Promise.all([
    visibleSessions(db, scope, sessionIds),
    options.withTag ? tagsOf(db, sessionIds) : Promise.resolve(new Map<string, Tag[]>()),
    // Why a reflection was kept private or taken down, for its author and staff (issue 26).
    rejectionNotes(
      db,
      'reflection',
      rows
        .filter((r) => r.status === 'rejected' && mayReadNote(viewer, r.user_id))
        .map((r) => r.id),
    ),
  ]);
  return rows
    .filter((r) => sessions.has(r.session_id))
    .map((r) => {
      const item: ProfileReflection = { ...toReflection(r), ...noteFor(viewer, r, notes) };
      if (options.withSession) item.session = sessionBrief(sessions.get(r.session_id)!);
      if (options.withTag) item.tags = tags.get(r.session_id) ?? [];
      return item;
    });
}
