import { sql } from 'kysely';
import type {
  JoinedSession,
  Memo,
  ProfileActivity,
  ProfileFeedback,
  ProfileOutput,
  UserTag,
} from '../../contracts/api/profile';
import { isProviderRole, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';
import { reportHideCutoff } from '../feedback/visibility';
import { noteFor, rejectionNotes } from '../moderation/rejection-notes';
import { noReactions, reactionCounts } from '../outputs/reactions';
import { sessionBrief } from '../sessions/brief';
import { toSummaries, visibleSessions } from '../sessions/repository';
import { publicUsers, wireUser } from './public-users';
import type { UserRow } from './repository';
import { assertVisibleUser, nameViewerOf, resolveUser, scopeMaySeeSchoolOf } from './visibility';

/**
 * The lists of a profile page (outputs, feedback, sessions, tags, memos) and the activity panel,
 * as the caller's scope may see them. Each checks that the profile's owner is visible to the
 * scope before it reads, and keeps to the sessions the scope may see.
 */

/** The most items one profile list returns (newest first). */
export const PROFILE_LIST_MAX = 100;
/** The activity panel shows the latest this many per tab. */
const ACTIVITY_PANEL_MAX = 30;
const EXCERPT_MAX = 140;

/** The profile's owner, if the scope may see them; the same 404 for missing and hidden users. */
export async function requireVisibleUser(db: Db, scope: Subject, id: string): Promise<UserRow> {
  const target = await resolveUser(db, scope, id);
  if (!target) throw new AppError('notFound', 'User not found');
  return target;
}

const excerpt = (text: string) =>
  text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;

/**
 * A user's outputs. Others see only what is published and not hidden; the author also sees
 * pending and rejected. `viewer` is the scope's own row (reactions and notes are answered for it).
 */
export async function userOutputs(
  db: Db,
  scope: Subject,
  viewer: UserRow,
  target: UserRow,
  query: {
    withSession?: boolean | undefined;
    after?: number | undefined;
    before?: number | undefined;
  },
): Promise<ProfileOutput[]> {
  assertVisibleUser(scope, target);
  const own = scope.userId === target.id;
  let q = db
    .selectFrom('outputs')
    .selectAll()
    .where('user_id', '=', target.id)
    // Autosaved drafts are the author's private work in progress: never listed on a profile.
    .where('status', '!=', 'autosaved');
  if (!own) q = q.where('status', '=', 'published').where('is_hidden', '=', false);
  if (query.after !== undefined) q = q.where('created_at', '>', new Date(query.after));
  if (query.before !== undefined) q = q.where('created_at', '<', new Date(query.before));
  const rows = await q.orderBy('created_at', 'desc').limit(PROFILE_LIST_MAX).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [users, images, comments, reactions, notes] = await Promise.all([
    publicUsers(db, nameViewerOf(scope), [target.id]),
    db
      .selectFrom('output_images')
      .select(['output_id', 'url'])
      .where('output_id', 'in', ids)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('feedbacks')
      .select(['output_id', sql<number>`count(*)::int`.as('n')])
      .where('output_id', 'in', ids)
      .where('status', '=', 'published')
      .groupBy('output_id')
      .execute(),
    reactionCounts(db, viewer, ids),
    rejectionNotes(
      db,
      'output',
      own ? rows.filter((r) => r.status === 'rejected').map((r) => r.id) : [],
    ),
  ]);
  const sessions = await visibleSessions(
    db,
    scope,
    rows.map((r) => r.session_id),
  );
  const user = wireUser(users.get(target.id)!);
  const commentCount = new Map(comments.map((c) => [c.output_id, Number(c.n)]));
  return rows
    .filter((r) => sessions.has(r.session_id))
    .map((r) => {
      const item: ProfileOutput = {
        id: r.id,
        sessionId: r.session_id,
        workId: r.work_id,
        userId: r.user_id,
        user,
        description: r.description,
        images: images.filter((i) => i.output_id === r.id).map((i) => i.url),
        status: r.status,
        violationStatuses: r.violation_statuses,
        outputComments: commentCount.get(r.id) ?? 0,
        reactions: reactions.get(r.id) ?? noReactions(),
        rate: r.rate,
        createdAt: msOf(r.created_at),
        updatedAt: msOf(r.updated_at),
        ...noteFor(nameViewerOf(scope), r, notes),
      };
      if (r.name !== null) item.name = r.name;
      if (query.withSession) item.session = sessionBrief(sessions.get(r.session_id)!);
      return item;
    });
}

/** Feed items for the "to me" tab: feedback on the scope's own outputs, and new followers. */
export async function toMeActivities(db: Db, scope: Subject): Promise<ProfileActivity[]> {
  const [feedbacks, follows] = await Promise.all([
    db
      .selectFrom('feedbacks')
      .innerJoin('outputs', 'outputs.id', 'feedbacks.output_id')
      .select([
        'feedbacks.id',
        'feedbacks.user_id',
        'feedbacks.session_id',
        'feedbacks.output_id',
        'feedbacks.content',
        'feedbacks.created_at',
      ])
      .where('outputs.user_id', '=', scope.userId)
      .where('feedbacks.user_id', '!=', scope.userId)
      .where('feedbacks.status', '=', 'published')
      .where('feedbacks.hidden', '=', false)
      // Reported within the hour: hidden from the recipient's feed too (issue 26).
      .where((eb) =>
        eb.or([
          eb('feedbacks.reported_at', 'is', null),
          eb('feedbacks.reported_at', '<', reportHideCutoff(Date.now())),
        ]),
      )
      .orderBy('feedbacks.created_at', 'desc')
      .limit(ACTIVITY_PANEL_MAX)
      .execute(),
    db
      .selectFrom('follows')
      .select(['follower_id', 'created_at'])
      .where('followee_id', '=', scope.userId)
      .orderBy('created_at', 'desc')
      .limit(ACTIVITY_PANEL_MAX)
      .execute(),
  ]);
  const [users, sessions] = await Promise.all([
    publicUsers(db, nameViewerOf(scope), [
      ...feedbacks.map((f) => f.user_id),
      ...follows.map((f) => f.follower_id),
    ]),
    visibleSessions(
      db,
      scope,
      feedbacks.map((f) => f.session_id),
    ),
  ]);
  const items: ProfileActivity[] = [];
  for (const f of feedbacks) {
    const u = users.get(f.user_id);
    const s = sessions.get(f.session_id);
    if (!u || !s || !scopeMaySeeSchoolOf(scope, u)) continue;
    items.push({
      id: `feedback-${f.id}`,
      type: 'feedback',
      user: wireUser(u),
      session: sessionBrief(s),
      outputId: f.output_id,
      text: excerpt(f.content),
      createdAt: msOf(f.created_at),
    });
  }
  for (const f of follows) {
    const u = users.get(f.follower_id);
    if (!u || !scopeMaySeeSchoolOf(scope, u)) continue;
    items.push({
      id: `follow-${f.follower_id}`,
      type: 'follow',
      user: wireUser(u),
      session: null,
      outputId: null,
      text: null,
      createdAt: msOf(f.created_at),
    });
  }
  return items.sort((a, b) => b.createdAt - a.createdAt).slice(0, ACTIVITY_PANEL_MAX);
}

/**
 * The "nationwide" tab: recent published outputs and reflections by people the scope may see
 * (its school; provider staff see every school), in sessions the scope may see.
 */
export async function nationwideActivities(db: Db, scope: Subject): Promise<ProfileActivity[]> {
  const schoolScope = isProviderRole(scope.role) ? null : scope.schoolId;
  if (!isProviderRole(scope.role) && schoolScope === null) return [];
  const [outputs, reflections] = await Promise.all([
    db
      .selectFrom('outputs')
      .innerJoin('users', 'users.id', 'outputs.user_id')
      .select([
        'outputs.id',
        'outputs.user_id',
        'outputs.session_id',
        'outputs.description',
        'outputs.created_at',
      ])
      .where('outputs.status', '=', 'published')
      .where('outputs.is_hidden', '=', false)
      .where('users.status', '!=', 'withdrawn')
      .$if(schoolScope !== null, (q) => q.where('users.school_id', '=', schoolScope))
      .orderBy('outputs.created_at', 'desc')
      .limit(ACTIVITY_PANEL_MAX)
      .execute(),
    db
      .selectFrom('reflections')
      .innerJoin('users', 'users.id', 'reflections.user_id')
      .select([
        'reflections.id',
        'reflections.user_id',
        'reflections.session_id',
        'reflections.updated_at',
      ])
      .where('reflections.status', '=', 'published')
      .where('users.status', '!=', 'withdrawn')
      .$if(schoolScope !== null, (q) => q.where('users.school_id', '=', schoolScope))
      .orderBy('reflections.updated_at', 'desc')
      .limit(ACTIVITY_PANEL_MAX)
      .execute(),
  ]);
  const [users, sessions] = await Promise.all([
    publicUsers(db, nameViewerOf(scope), [
      ...outputs.map((o) => o.user_id),
      ...reflections.map((r) => r.user_id),
    ]),
    visibleSessions(db, scope, [
      ...outputs.map((o) => o.session_id),
      ...reflections.map((r) => r.session_id),
    ]),
  ]);
  const items: ProfileActivity[] = [];
  for (const o of outputs) {
    const u = users.get(o.user_id);
    const s = sessions.get(o.session_id);
    if (!u || !s) continue;
    items.push({
      id: `output-${o.id}`,
      type: 'output',
      user: wireUser(u),
      session: sessionBrief(s),
      outputId: o.id,
      text: excerpt(o.description),
      createdAt: msOf(o.created_at),
    });
  }
  for (const r of reflections) {
    const u = users.get(r.user_id);
    const s = sessions.get(r.session_id);
    if (!u || !s) continue;
    items.push({
      id: `reflection-${r.id}`,
      type: 'reflection',
      user: wireUser(u),
      session: sessionBrief(s),
      outputId: null,
      text: null,
      createdAt: msOf(r.updated_at),
    });
  }
  return items.sort((a, b) => b.createdAt - a.createdAt).slice(0, ACTIVITY_PANEL_MAX);
}

/** The feedback a user wrote, as the scope may see it (the author also sees unpublished). */
export async function userFeedbacks(
  db: Db,
  scope: Subject,
  target: UserRow,
): Promise<{ items: ProfileFeedback[] }> {
  assertVisibleUser(scope, target);
  const own = scope.userId === target.id;
  const rows = await db
    .selectFrom('feedbacks')
    .selectAll()
    .where('user_id', '=', target.id)
    // Feedback awaiting approval or hidden is shown to its author only.
    .$if(!own, (q) => q.where('status', '=', 'published').where('hidden', '=', false))
    .orderBy('created_at', 'desc')
    .limit(PROFILE_LIST_MAX)
    .execute();
  const [users, sessions, notes] = await Promise.all([
    publicUsers(db, nameViewerOf(scope), [target.id]),
    visibleSessions(
      db,
      scope,
      rows.map((r) => r.session_id),
    ),
    rejectionNotes(
      db,
      'feedback',
      own ? rows.filter((r) => r.status === 'rejected').map((r) => r.id) : [],
    ),
  ]);
  const user = wireUser(users.get(target.id)!);
  return {
    items: rows
      .filter((r) => sessions.has(r.session_id))
      .map((r) => ({
        id: r.id,
        outputId: r.output_id,
        userId: r.user_id,
        user,
        content: r.content,
        status: r.status,
        hidden: r.hidden,
        createdAt: msOf(r.created_at),
        session: sessionBrief(sessions.get(r.session_id)!),
        ...noteFor(nameViewerOf(scope), r, notes),
      })),
  };
}

/** A user's joins of a session or of a room of it. */
const joinsOf = (db: Db, userId: string) =>
  db
    .selectFrom('activities')
    .where('user_id', '=', userId)
    .where('type', 'in', ['joinSession', 'joinStream'])
    .where('session_id', 'is not', null);

/**
 * The sessions a user joined (a session or a room of it), newest join first, among those the
 * scope may see. `viewer` is the scope's own row: summaries are answered in its language.
 */
export async function userJoinedSessions(
  db: Db,
  scope: Subject,
  viewer: UserRow,
  target: UserRow,
): Promise<{ items: JoinedSession[] }> {
  assertVisibleUser(scope, target);
  const joined = await joinsOf(db, target.id)
    .select(['session_id', sql<Date>`max(created_at)`.as('joined_at')])
    .groupBy('session_id')
    .orderBy('joined_at', 'desc')
    .limit(PROFILE_LIST_MAX)
    .execute();
  const sessions = await visibleSessions(
    db,
    scope,
    joined.map((j) => j.session_id!),
  );
  const ordered = joined.filter((j) => sessions.has(j.session_id!));
  const summaries = await toSummaries(
    db,
    viewer,
    ordered.map((j) => sessions.get(j.session_id!)!),
  );
  return {
    items: summaries.map((s, i) => ({ ...s, joinedAt: msOf(ordered[i]!.joined_at) })),
  };
}

/** The word, job and lifestyle tags of the sessions a user joined that the scope may see. */
export async function userTags(db: Db, scope: Subject, target: UserRow): Promise<UserTag[]> {
  assertVisibleUser(scope, target);
  const joined = await joinsOf(db, target.id).select('session_id').distinct().execute();
  const sessions = await visibleSessions(
    db,
    scope,
    joined.map((j) => j.session_id!),
  );
  if (sessions.size === 0) return [];
  const rows = await db
    .selectFrom('session_tags')
    .innerJoin('tags', 'tags.id', 'session_tags.tag_id')
    .select([
      'session_tags.session_id',
      'tags.id',
      'tags.type',
      'tags.name',
      'tags.color',
      'tags.description',
      'tags.labels',
    ])
    .where('session_tags.session_id', 'in', [...sessions.keys()])
    .where('tags.type', 'in', ['word', 'job', 'lifestyle'])
    .orderBy('tags.name')
    .execute();
  const byId = new Map<string, UserTag>();
  for (const r of rows) {
    const existing = byId.get(r.id);
    if (existing) {
      existing.sessionIds.push(r.session_id);
      continue;
    }
    const tag: UserTag = { id: r.id, type: r.type, name: r.name, sessionIds: [r.session_id] };
    if (r.color !== null) tag.color = r.color;
    if (r.description !== null) tag.description = r.description;
    if (r.labels) tag.labels = r.labels;
    byId.set(r.id, tag);
  }
  return [...byId.values()];
}

/** A user's memos: private notes, so only the scope's own (not even a teacher reads a pupil's). */
export async function userMemos(db: Db, scope: Subject, target: UserRow): Promise<Memo[]> {
  assertVisibleUser(scope, target);
  if (target.id !== scope.userId) throw new AppError('forbidden', 'Memos are private');
  const rows = await db
    .selectFrom('comments')
    .leftJoin('sessions', 'sessions.id', 'comments.session_id')
    .select([
      'comments.id',
      'comments.content',
      'comments.session_id',
      'comments.created_at',
      'comments.updated_at',
    ])
    .where('comments.user_id', '=', scope.userId)
    .where('comments.type', '=', 'MEMO')
    .where('comments.is_deleted', '=', false)
    .orderBy('comments.created_at', 'desc')
    .limit(PROFILE_LIST_MAX)
    .execute();
  const sessions = await visibleSessions(
    db,
    scope,
    rows.flatMap((r) => (r.session_id ? [r.session_id] : [])),
  );
  return rows.map((r) => {
    const s = r.session_id ? sessions.get(r.session_id) : undefined;
    return {
      id: r.id,
      content: r.content,
      session: s ? sessionBrief(s) : null,
      createdAt: msOf(r.created_at),
      updatedAt: msOf(r.updated_at),
    };
  });
}
