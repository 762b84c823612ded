import { noteFor, rejectionNotes } from '../moderation/rejection-notes';
import { sql } from 'kysely';
import {
  MyActivitiesQuery,
  MyActivitiesResponse,
  UserFeedbacksResponse,
  UserMemosResponse,
  UserOutputsQuery,
  UserOutputsResponse,
  UserSessionsResponse,
  UserTagsResponse,
  type ProfileActivity,
  type ProfileOutput,
  type UserTag,
} from '../../contracts/api/profile';
import { UserIdParams } from '../../contracts/api/users';
import { isProviderRole } from '../auth/permissions';
import { noReactions, reactionCounts } from '../outputs/reactions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';
import { toSummaries, visibleSessions } from '../sessions/repository';
import type { UserRow } from '../users/repository';
import { maySeeSchoolOf, publicUsers, wireUser } from '../users/public-users';
import { sessionBrief } from '../sessions/brief';
import type { App } from '../http/app-type';
import { mayView, resolveUser } from './users';

/** The most items one profile list returns (newest first). */
export const PROFILE_LIST_MAX = 100;
/** The activity panel shows the latest this many per tab. */
export const ACTIVITY_PANEL_MAX = 30;
const EXCERPT_MAX = 140;

/** The profile's owner, if the viewer may see them; the same 404 for missing and hidden users. */
export async function requireVisibleUser(app: App, viewer: UserRow, id: string): Promise<UserRow> {
  const target = await resolveUser(app.db, id);
  if (!target || !mayView(viewer, target)) throw new AppError('notFound', 'User not found');
  return target;
}

const excerpt = (text: string) =>
  text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;

async function userOutputs(
  app: App,
  viewer: UserRow,
  target: UserRow,
  query: {
    withSession?: boolean | undefined;
    after?: number | undefined;
    before?: number | undefined;
  },
): Promise<ProfileOutput[]> {
  const own = viewer.id === target.id;
  let q = app.db
    .selectFrom('outputs')
    .selectAll()
    .where('user_id', '=', target.id)
    // Autosaved drafts are the author's private work in progress: never listed on a profile.
    .where('status', '!=', 'autosaved');
  // Others see only what is published and not hidden; the author also sees pending and rejected.
  if (!own) q = q.where('status', '=', 'published').where('is_hidden', '=', false);
  if (query.after !== undefined) q = q.where('created_at', '>', new Date(query.after));
  if (query.before !== undefined) q = q.where('created_at', '<', new Date(query.before));
  const rows = await q.orderBy('created_at', 'desc').limit(PROFILE_LIST_MAX).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [subject, users, images, comments, reactions, notes] = await Promise.all([
    app.permissions.subject(viewer),
    publicUsers(app.db, viewer, [target.id]),
    app.db
      .selectFrom('output_images')
      .select(['output_id', 'url'])
      .where('output_id', 'in', ids)
      .orderBy('position')
      .execute(),
    app.db
      .selectFrom('feedbacks')
      .select(['output_id', sql<number>`count(*)::int`.as('n')])
      .where('output_id', 'in', ids)
      .where('status', '=', 'published')
      .groupBy('output_id')
      .execute(),
    reactionCounts(app.db, viewer, ids),
    rejectionNotes(
      app.db,
      'output',
      own ? rows.filter((r) => r.status === 'rejected').map((r) => r.id) : [],
    ),
  ]);
  const sessions = await visibleSessions(
    app.db,
    subject,
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
        ...noteFor(viewer, r, notes),
      };
      if (r.name !== null) item.name = r.name;
      if (query.withSession) item.session = sessionBrief(sessions.get(r.session_id)!);
      return item;
    });
}

/** Feed items for the "to me" tab: feedback on the user's outputs, and new followers. */
async function toMeActivities(app: App, viewer: UserRow): Promise<ProfileActivity[]> {
  const [feedbacks, follows] = await Promise.all([
    app.db
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
      .where('outputs.user_id', '=', viewer.id)
      .where('feedbacks.user_id', '!=', viewer.id)
      .where('feedbacks.status', '=', 'published')
      .where('feedbacks.hidden', '=', false)
      .orderBy('feedbacks.created_at', 'desc')
      .limit(ACTIVITY_PANEL_MAX)
      .execute(),
    app.db
      .selectFrom('follows')
      .select(['follower_id', 'created_at'])
      .where('followee_id', '=', viewer.id)
      .orderBy('created_at', 'desc')
      .limit(ACTIVITY_PANEL_MAX)
      .execute(),
  ]);
  const subject = await app.permissions.subject(viewer);
  const [users, sessions] = await Promise.all([
    publicUsers(app.db, viewer, [
      ...feedbacks.map((f) => f.user_id),
      ...follows.map((f) => f.follower_id),
    ]),
    visibleSessions(
      app.db,
      subject,
      feedbacks.map((f) => f.session_id),
    ),
  ]);
  const items: ProfileActivity[] = [];
  for (const f of feedbacks) {
    const u = users.get(f.user_id);
    const s = sessions.get(f.session_id);
    if (!u || !s || !maySeeSchoolOf(viewer, u)) continue;
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
    if (!u || !maySeeSchoolOf(viewer, u)) continue;
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
 * The "nationwide" tab: recent published outputs and reflections by people the viewer may see
 * (their school; provider staff see every school), in sessions the viewer may see.
 */
async function nationwideActivities(app: App, viewer: UserRow): Promise<ProfileActivity[]> {
  const schoolScope = isProviderRole(viewer.role) ? null : viewer.school_id;
  if (!isProviderRole(viewer.role) && schoolScope === null) return [];
  const [outputs, reflections] = await Promise.all([
    app.db
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
    app.db
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
  const subject = await app.permissions.subject(viewer);
  const [users, sessions] = await Promise.all([
    publicUsers(app.db, viewer, [
      ...outputs.map((o) => o.user_id),
      ...reflections.map((r) => r.user_id),
    ]),
    visibleSessions(app.db, subject, [
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

/** The feedback a user wrote, as `viewer` may see it (the author also sees unpublished). */
export async function userFeedbacks(app: App, viewer: UserRow, target: UserRow) {
  const own = viewer.id === target.id;
  const rows = await app.db
    .selectFrom('feedbacks')
    .selectAll()
    .where('user_id', '=', target.id)
    // Feedback awaiting approval or hidden is shown to its author only.
    .$if(!own, (q) => q.where('status', '=', 'published').where('hidden', '=', false))
    .orderBy('created_at', 'desc')
    .limit(PROFILE_LIST_MAX)
    .execute();
  const subject = await app.permissions.subject(viewer);
  const [users, sessions, notes] = await Promise.all([
    publicUsers(app.db, viewer, [target.id]),
    visibleSessions(
      app.db,
      subject,
      rows.map((r) => r.session_id),
    ),
    rejectionNotes(
      app.db,
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
        ...noteFor(viewer, r, notes),
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

/** The sessions a user joined (a session or a room of it), newest join first. */
export async function userJoinedSessions(app: App, viewer: UserRow, target: UserRow) {
  const joined = await joinsOf(app.db, target.id)
    .select(['session_id', sql<Date>`max(created_at)`.as('joined_at')])
    .groupBy('session_id')
    .orderBy('joined_at', 'desc')
    .limit(PROFILE_LIST_MAX)
    .execute();
  const subject = await app.permissions.subject(viewer);
  const sessions = await visibleSessions(
    app.db,
    subject,
    joined.map((j) => j.session_id!),
  );
  const ordered = joined.filter((j) => sessions.has(j.session_id!));
  const summaries = await toSummaries(
    app.db,
    viewer,
    ordered.map((j) => sessions.get(j.session_id!)!),
  );
  return {
    items: summaries.map((s, i) => ({ ...s, joinedAt: msOf(ordered[i]!.joined_at) })),
  };
}

/** The lists of a profile page: outputs, feedback, sessions, tags, memos and the activity panel. */
export async function profileListRoutes(app: App): Promise<void> {
  app.get(
    '/v1/user/:id/outputs',
    {
      schema: {
        params: UserIdParams,
        querystring: UserOutputsQuery,
        response: { 200: UserOutputsResponse },
      },
    },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const target = await requireVisibleUser(app, viewer, req.params.id);
      return { items: await userOutputs(app, viewer, target, req.query) };
    },
  );

  app.get(
    '/v1/user/:id/feedbacks',
    { schema: { params: UserIdParams, response: { 200: UserFeedbacksResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const target = await requireVisibleUser(app, viewer, req.params.id);
      return userFeedbacks(app, viewer, target);
    },
  );

  app.get(
    '/v1/user/:id/sessions',
    { schema: { params: UserIdParams, response: { 200: UserSessionsResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const target = await requireVisibleUser(app, viewer, req.params.id);
      return userJoinedSessions(app, viewer, target);
    },
  );

  app.get(
    '/v1/user/:id/tags',
    { schema: { params: UserIdParams, response: { 200: UserTagsResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const target = await requireVisibleUser(app, viewer, req.params.id);
      const joined = await joinsOf(app.db, target.id).select('session_id').distinct().execute();
      const subject = await app.permissions.subject(viewer);
      const sessions = await visibleSessions(
        app.db,
        subject,
        joined.map((j) => j.session_id!),
      );
      if (sessions.size === 0) return { items: [] };
      const rows = await app.db
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
      return { items: [...byId.values()] };
    },
  );

  app.get(
    '/v1/user/:id/memos',
    { schema: { params: UserIdParams, response: { 200: UserMemosResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const target = await requireVisibleUser(app, viewer, req.params.id);
      // Memos are private notes: not even a teacher reads a pupil's memos.
      if (target.id !== viewer.id) throw new AppError('forbidden', 'Memos are private');
      const rows = await app.db
        .selectFrom('comments')
        .leftJoin('sessions', 'sessions.id', 'comments.session_id')
        .select([
          'comments.id',
          'comments.content',
          'comments.session_id',
          'comments.created_at',
          'comments.updated_at',
        ])
        .where('comments.user_id', '=', viewer.id)
        .where('comments.type', '=', 'MEMO')
        .where('comments.is_deleted', '=', false)
        .orderBy('comments.created_at', 'desc')
        .limit(PROFILE_LIST_MAX)
        .execute();
      const subject = await app.permissions.subject(viewer);
      const sessions = await visibleSessions(
        app.db,
        subject,
        rows.flatMap((r) => (r.session_id ? [r.session_id] : [])),
      );
      return {
        items: rows.map((r) => {
          const s = r.session_id ? sessions.get(r.session_id) : undefined;
          return {
            id: r.id,
            content: r.content,
            session: s ? sessionBrief(s) : null,
            createdAt: msOf(r.created_at),
            updatedAt: msOf(r.updated_at),
          };
        }),
      };
    },
  );

  app.get(
    '/v1/me/activities',
    { schema: { querystring: MyActivitiesQuery, response: { 200: MyActivitiesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const items =
        req.query.tab === 'toMe'
          ? await toMeActivities(app, user)
          : await nationwideActivities(app, user);
      return { items };
    },
  );
}
