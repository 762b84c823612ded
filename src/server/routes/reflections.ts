import { SessionReflectionsResponse } from '../../contracts/api/catalogue';
import { keepConcern } from '../safeguarding/concerns';
import {
  CreateReflectionRequest,
  MyReflectionsQuery,
  ReflectionIdParams,
  ReflectionResponse,
  ReflectionsResponse,
  UpdateReflectionRequest,
} from '../../contracts/api/profile';
import { SessionIdParams } from '../../contracts/api/sessions';
import { UserIdParams } from '../../contracts/api/users';
import type { Subject } from '../auth/permissions';
import { AppError, badRequestFrom } from '../http/errors';
import { moderateText } from '../moderation/checks';
import { requireSubmitOutput } from '../outputs/service';
import { requireVisibleSession } from '../sessions/access';
import type { UserRow } from '../users/repository';
import {
  decorateReflections,
  deleteOwnReflection,
  findReadableReflection,
  insertReflection,
  listOwnReflections,
  listUserReflections,
  ownReflectionIdOn,
  sessionReflections,
  toReflection,
  updateOwnReflection,
  type ReflectionRow,
} from '../reflections/repository';
import { requireSessionWall, SESSION_LIST_MAX } from '../sessions/walls';
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

/**
 * Reflections (idea, think and action notes on a session). The author reads and changes their
 * own, drafts included; others read only published reflections of users they may see. A draft of
 * someone else answers 404 like a missing one, so drafts cannot be probed. A session's list
 * (GET /v1/session/{id}/reflections) keeps to the caller's school.
 */
export async function reflectionRoutes(app: App): Promise<void> {
  /** The reflection if the viewer may read it (the profile rule decides for others' ones). */
  const readable = (viewer: UserRow, scope: Subject, id: string): Promise<ReflectionRow> =>
    findReadableReflection(app.db, scope, id, (author) => mayView(viewer, author));

  async function own(viewer: UserRow, scope: Subject, id: string): Promise<ReflectionRow> {
    const row = await readable(viewer, scope, id);
    if (row.user_id !== scope.userId) throw new AppError('forbidden', 'Not your reflection');
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
      const scope = await app.permissions.subject(user);
      const existing = await ownReflectionIdOn(app.db, scope, session.id);
      if (existing) {
        throw new AppError('conflict', 'A reflection on this session exists: update it', [
          { path: 'id', message: existing },
        ]);
      }
      // Two tabs saving at once: the unique index keeps one; the loser is told to update.
      if (parsed.data.status !== 'draft') {
        await keepConcern(app.db, user.id, 'reflection', [
          parsed.data.ideaNote,
          parsed.data.thinkNote,
          parsed.data.actionNote,
        ]);
      }
      const row = await insertReflection(app.db, scope, session.id, {
        ideaNote: parsed.data.ideaNote,
        thinkNote: parsed.data.thinkNote,
        actionNote: parsed.data.actionNote,
        score: parsed.data.score,
        status: screenedStatus(parsed.data.status, {
          idea: parsed.data.ideaNote,
          think: parsed.data.thinkNote,
          action: parsed.data.actionNote,
        }),
      });
      if (!row) throw new AppError('conflict', 'A reflection on this session exists: update it');
      const [item] = await decorateReflections(app.db, scope, [row], { withSession: true });
      return { item: item! };
    },
  );

  app.get(
    '/v1/reflection/:id',
    { schema: { params: ReflectionIdParams, response: { 200: ReflectionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const row = await readable(user, scope, req.params.id);
      const [item] = await decorateReflections(app.db, scope, [row], {
        withSession: true,
        withTag: true,
      });
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
      const scope = await app.permissions.subject(user);
      const row = await own(user, scope, req.params.id);
      const body = parsed.data;
      // Any change to a published, pending or rejected reflection is screened again.
      const asked = body.status ?? (row.status === 'draft' ? 'draft' : ('published' as const));
      requireSomeText(asked, [
        body.ideaNote ?? row.idea_note,
        body.thinkNote ?? row.think_note,
        body.actionNote ?? row.action_note,
      ]);
      if (asked !== 'draft') {
        await keepConcern(app.db, user.id, 'reflection', [
          body.ideaNote ?? row.idea_note,
          body.thinkNote ?? row.think_note,
          body.actionNote ?? row.action_note,
        ]);
      }
      const updated = await updateOwnReflection(app.db, scope, row.id, {
        ideaNote: body.ideaNote,
        thinkNote: body.thinkNote,
        actionNote: body.actionNote,
        score: body.score,
        status: screenedStatus(asked, {
          idea: body.ideaNote ?? row.idea_note,
          think: body.thinkNote ?? row.think_note,
          action: body.actionNote ?? row.action_note,
        }),
      });
      const [item] = await decorateReflections(app.db, scope, [updated], { withSession: true });
      return { item: item ?? toReflection(updated) };
    },
  );

  app.delete(
    '/v1/reflection/:id',
    { schema: { params: ReflectionIdParams, response: { 200: ReflectionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const row = await own(user, scope, req.params.id);
      await deleteOwnReflection(app.db, scope, row.id);
      return { item: toReflection(row) };
    },
  );

  app.get(
    '/v1/me/reflections',
    { schema: { querystring: MyReflectionsQuery, response: { 200: ReflectionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      // withRevision and withWork are accepted for the spec's callers: reflections keep no
      // revisions and belong to a session, not a work (docs/decisions/0030-writing-reflections.md).
      const scope = await app.permissions.subject(user);
      const rows = await listOwnReflections(app.db, scope, req.query.sessionId);
      return { items: await decorateReflections(app.db, scope, rows, req.query) };
    },
  );

  app.get(
    '/v1/user/:id/reflections',
    { schema: { params: UserIdParams, response: { 200: ReflectionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const author = await requireVisibleUser(app.db, scope, req.params.id);
      const rows = await listUserReflections(app.db, scope, author.id);
      return {
        items: await decorateReflections(app.db, scope, rows, { withSession: true, withTag: true }),
      };
    },
  );

  // A session-wide list: the caller's school only (provider roles: every school).
  app.get(
    '/v1/session/:id/reflections',
    { schema: { params: SessionIdParams, response: { 200: SessionReflectionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const wall = await requireSessionWall(app.db, app.permissions, user, req.params.id);
      const scope = await app.permissions.subject(user);
      return {
        items: await sessionReflections(app.db, scope, wall, req.params.id, SESSION_LIST_MAX),
      };
    },
  );
}
