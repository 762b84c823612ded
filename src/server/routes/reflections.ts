import type { Updateable } from 'kysely';
import {
  CreateReflectionRequest,
  MyReflectionsQuery,
  ReflectionIdParams,
  ReflectionResponse,
  ReflectionsResponse,
  UpdateReflectionRequest,
  type ProfileReflection,
} from '../../contracts/api/profile';
import { SessionIdParams } from '../../contracts/api/sessions';
import { UserIdParams } from '../../contracts/api/users';
import type { Tag } from '../../contracts/entities';
import type { Db } from '../db/database';
import type { ReflectionsTable } from '../db/schema';
import { AppError, badRequestFrom } from '../http/errors';
import { moderateText } from '../moderation/checks';
import { requireSubmitOutput } from '../outputs/service';
import { requireVisibleSession } from '../sessions/access';
import { findUserById, type UserRow } from '../users/repository';
import { sessionBrief } from '../sessions/brief';
import { visibleSessions } from '../sessions/repository';
import { toReflection, type ReflectionRow } from '../reflections/repository';
import { requireVisibleUser } from '../users/profile-lists';
import type { App } from '../http/app-type';
import { mayView } from '../users/visibility';

/**
 * The status a reflection is stored with (issue 8): a reflection asked to be published whose
 * notes the screening holds waits as `pending` for a teacher (moderation queue); drafts are the
 * author's own and are not screened until they are published.
 */
function screenedStatus(
  asked: 'published' | 'draft',
  notes: { idea: string; think: string; action: string },
): 'published' | 'draft' | 'pending' {
  if (asked === 'draft') return 'draft';
  const held = [notes.idea, notes.think, notes.action].some((n) => moderateText(n).held);
  return held ? 'pending' : 'published';
}

/** Blank as the editor sees it: nothing but spaces, full-width ones (U+3000) included. */
const isBlank = (note: string) => note.replace(/[\s\u3000]/g, '').length === 0;

/**
 * A published reflection says something: three blank notes would count in the class report as
 * a reflection nobody wrote (400). A blank draft is the author's own business.
 */
function requireSomeText(status: 'published' | 'draft', notes: readonly string[]): void {
  if (status === 'published' && notes.every(isBlank)) {
    throw new AppError('badRequest', 'A published reflection needs some text', [
      { path: 'ideaNote', message: 'All three notes are empty' },
    ]);
  }
}

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
 * Reflections with their session and tags when asked. Reflections on sessions the viewer may no
 * longer see are left out.
 */
async function decorate(
  app: App,
  viewer: UserRow,
  rows: readonly ReflectionRow[],
  options: { withSession?: boolean | undefined; withTag?: boolean | undefined },
): Promise<ProfileReflection[]> {
  const subject = await app.permissions.subject(viewer);
  const sessionIds = rows.map((r) => r.session_id);
  const [sessions, tags] = await Promise.all([
    visibleSessions(app.db, subject, sessionIds),
    options.withTag ? tagsOf(app.db, sessionIds) : Promise.resolve(new Map<string, Tag[]>()),
  ]);
  return rows
    .filter((r) => sessions.has(r.session_id))
    .map((r) => {
      const item = toReflection(r);
      if (options.withSession) item.session = sessionBrief(sessions.get(r.session_id)!);
      if (options.withTag) item.tags = tags.get(r.session_id) ?? [];
      return item;
    });
}

/**
 * Reflections (idea, think and action notes on a session). The author reads and changes their
 * own, drafts included; others read only published reflections of users they may see. A draft of
 * someone else answers 404 like a missing one, so drafts cannot be probed.
 */
export async function reflectionRoutes(app: App): Promise<void> {
  /** The reflection if the viewer may read it. */
  async function readable(viewer: UserRow, id: string): Promise<ReflectionRow> {
    const row = await app.db
      .selectFrom('reflections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound', 'No such reflection');
    if (row.user_id === viewer.id) return row;
    const author = await findUserById(app.db, row.user_id);
    if (row.status !== 'published' || !author || !mayView(viewer, author)) {
      throw new AppError('notFound', 'No such reflection');
    }
    return row;
  }

  async function own(viewer: UserRow, id: string): Promise<ReflectionRow> {
    const row = await readable(viewer, id);
    if (row.user_id !== viewer.id) throw new AppError('forbidden', 'Not your reflection');
    return row;
  }

  app.post(
    '/v1/session/:id/reflection',
    { schema: { params: SessionIdParams, response: { 200: ReflectionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const parsed = CreateReflectionRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw badRequestFrom(parsed.error);
      // Only sessions the pupil may see (their school's and groups'; else 404 like a made-up id),
      // and only accounts that may post (docs/decisions/0030-writing-reflections.md).
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      await requireSubmitOutput(app.permissions, user);
      requireSomeText(parsed.data.status, [
        parsed.data.ideaNote,
        parsed.data.thinkNote,
        parsed.data.actionNote,
      ]);
      const existing = await app.db
        .selectFrom('reflections')
        .select('id')
        .where('session_id', '=', session.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (existing) {
        throw new AppError('conflict', 'A reflection on this session exists: update it', [
          { path: 'id', message: existing.id },
        ]);
      }
      const row = await app.db
        .insertInto('reflections')
        .values({
          session_id: session.id,
          user_id: user.id,
          idea_note: parsed.data.ideaNote,
          think_note: parsed.data.thinkNote,
          action_note: parsed.data.actionNote,
          score: parsed.data.score,
          status: screenedStatus(parsed.data.status, {
            idea: parsed.data.ideaNote,
            think: parsed.data.thinkNote,
            action: parsed.data.actionNote,
          }),
        })
        // Two tabs saving at once: the unique index keeps one; the loser is told to update.
        .onConflict((oc) => oc.columns(['session_id', 'user_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('conflict', 'A reflection on this session exists: update it');
      const [item] = await decorate(app, user, [row], { withSession: true });
      return { item: item! };
    },
  );

  app.get(
    '/v1/reflection/:id',
    { schema: { params: ReflectionIdParams, response: { 200: ReflectionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await readable(user, req.params.id);
      const [item] = await decorate(app, user, [row], { withSession: true, withTag: true });
      if (!item) throw new AppError('notFound', 'No such reflection');
      return { item };
    },
  );

  app.put(
    '/v1/reflection/:id',
    { schema: { params: ReflectionIdParams, response: { 200: ReflectionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const parsed = UpdateReflectionRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw badRequestFrom(parsed.error);
      const row = await own(user, req.params.id);
      const body = parsed.data;
      const set: Updateable<ReflectionsTable> = { updated_at: new Date() };
      if (body.ideaNote !== undefined) set.idea_note = body.ideaNote;
      if (body.thinkNote !== undefined) set.think_note = body.thinkNote;
      if (body.actionNote !== undefined) set.action_note = body.actionNote;
      if (body.score !== undefined) set.score = body.score;
      // Any change to a published, pending or rejected reflection is screened again.
      const asked = body.status ?? (row.status === 'draft' ? 'draft' : ('published' as const));
      requireSomeText(asked, [
        body.ideaNote ?? row.idea_note,
        body.thinkNote ?? row.think_note,
        body.actionNote ?? row.action_note,
      ]);
      set.status = screenedStatus(asked, {
        idea: body.ideaNote ?? row.idea_note,
        think: body.thinkNote ?? row.think_note,
        action: body.actionNote ?? row.action_note,
      });
      const updated = await app.db
        .updateTable('reflections')
        .set(set)
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const [item] = await decorate(app, user, [updated], { withSession: true });
      return { item: item ?? toReflection(updated) };
    },
  );

  app.delete(
    '/v1/reflection/:id',
    { schema: { params: ReflectionIdParams, response: { 200: ReflectionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await own(user, req.params.id);
      await app.db.deleteFrom('reflections').where('id', '=', row.id).execute();
      return { item: toReflection(row) };
    },
  );

  app.get(
    '/v1/me/reflections',
    { schema: { querystring: MyReflectionsQuery, response: { 200: ReflectionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      // withRevision and withWork are accepted for the spec's callers: reflections keep no
      // revisions and belong to a session, not a work (docs/decisions.md, Profile).
      const rows = await app.db
        .selectFrom('reflections')
        .selectAll()
        .where('user_id', '=', user.id)
        .$if(req.query.sessionId !== undefined, (q) =>
          q.where('session_id', '=', req.query.sessionId!),
        )
        .orderBy('updated_at', 'desc')
        .execute();
      return { items: await decorate(app, user, rows, req.query) };
    },
  );

  app.get(
    '/v1/user/:id/reflections',
    { schema: { params: UserIdParams, response: { 200: ReflectionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const author = await requireVisibleUser(
        app.db,
        await app.permissions.subject(user),
        req.params.id,
      );
      const rows = await app.db
        .selectFrom('reflections')
        .selectAll()
        .where('user_id', '=', author.id)
        // Drafts are the author's own.
        .$if(author.id !== user.id, (q) => q.where('status', '=', 'published'))
        .orderBy('updated_at', 'desc')
        .execute();
      return { items: await decorate(app, user, rows, { withSession: true, withTag: true }) };
    },
  );
}
