import type { Selectable } from 'kysely';
import {
  ActivitiesParams,
  ActivitiesResponse,
  ActivityResponse,
  CreateTagRequest,
  DeleteTagQuery,
  MyUnitOutputsQuery,
  MyUnitOutputsResponse,
  PostActivityRequest,
  TagResponse,
  TagsQuery,
  TagsResponse,
  UnitIdParams,
  UnitResponse,
  UpdateTagRequest,
} from '../../contracts/api/catalogue';
import { NotificationsResponse } from '../../contracts/api/notifications';
import { UserSessionsResponse } from '../../contracts/api/profile';
import { isStaffRole, Tag, type Lang } from '../../contracts/entities';
import { isBlocked } from '../auth/permissions';
import { contentLangOf } from '../content/localize';
import { json, msOf } from '../db/json';
import type { TagsTable, UnitOutputsTable } from '../db/schema';
import { AppError } from '../http/errors';
import { toUnitOutput } from '../projects/unit-outputs';
import { requireVisibleSession } from '../sessions/access';
import { maySeeSchoolOf, publicUsers } from '../users/public-users';
import type { UserRow } from '../users/repository';
import { listNotifications } from './notifications';
import { PROFILE_LIST_MAX, userJoinedSessions } from './profile-lists';
import type { App } from '../http/app-type';

const toTag = (r: Selectable<TagsTable>): Tag => {
  const tag: Tag = { id: r.id, type: r.type as Tag['type'], name: r.name };
  if (r.color !== null) tag.color = r.color;
  if (r.description !== null) tag.description = r.description;
  if (r.labels) tag.labels = r.labels;
  return tag;
};

/** A unit output (slide) with its unit and time, in `lang`; null when its schema does not parse. */
function unitItem(row: Selectable<UnitOutputsTable>, lang: Lang) {
  const unit = toUnitOutput(row, lang);
  return unit && { ...unit, unitId: row.unit_id, updatedAt: msOf(row.updated_at) };
}

/** Staff roles (teacher, staff, admin) who are not blocked: the tag editors. */
function requireStaff(user: UserRow): void {
  if (!isStaffRole(user.role)) throw new AppError('forbidden', 'Staff roles only');
}

/**
 * The spec's calls that answered 404 before issue 14: the caller's own lists, session-wide lists
 * scoped by the cross-school walls, works and units by id, tags, activities and a room's output
 * count. POST /v1/user lives with the accounts (routes/accounts.ts).
 */
export async function catalogueRoutes(app: App): Promise<void> {
  // ---- the caller's own lists ------------------------------------------------------------
  app.get(
    '/v1/me/joinedSessions',
    { schema: { response: { 200: UserSessionsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return userJoinedSessions(app, user, user);
    },
  );

  app.get(
    '/v1/me/unitOutputs',
    { schema: { querystring: MyUnitOutputsQuery, response: { 200: MyUnitOutputsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const rows = await app.db
        .selectFrom('unit_outputs')
        .innerJoin('inquiry_projects', 'inquiry_projects.id', 'unit_outputs.project_id')
        .selectAll('unit_outputs')
        .select('inquiry_projects.name as project_name')
        .where('inquiry_projects.user_id', '=', user.id)
        .$if(req.query.isViolated === true, (q) =>
          q.where((eb) =>
            eb(eb.fn('jsonb_array_length', ['unit_outputs.violation_statuses']), '>', 0),
          ),
        )
        .orderBy('unit_outputs.updated_at', 'desc')
        .limit(PROFILE_LIST_MAX)
        .execute();
      const lang = contentLangOf(user);
      return {
        items: rows.flatMap((row) => {
          const unit = unitItem(row, lang);
          return unit
            ? [
                {
                  ...unit,
                  projectName: row.project_name,
                  violationStatuses: row.violation_statuses,
                },
              ]
            : [];
        }),
      };
    },
  );

  // The spec names GET /v1/notifications beside /me and /all: it is the full list ("all").
  app.get(
    '/v1/notifications',
    { schema: { response: { 200: NotificationsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { items: await listNotifications(app.db, user, 'all', Date.now()) };
    },
  );

  // ---- works, units ------------------------------------------------------------------------
  app.get(
    '/v1/units/:id',
    { schema: { params: UnitIdParams, response: { 200: UnitResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const rows = await app.db
        .selectFrom('unit_outputs')
        .innerJoin('inquiry_projects', 'inquiry_projects.id', 'unit_outputs.project_id')
        .selectAll('unit_outputs')
        .select(['inquiry_projects.user_id as owner_id'])
        .where('unit_outputs.unit_id', '=', req.params.id)
        .where('inquiry_projects.is_trashed', '=', false)
        .orderBy('unit_outputs.updated_at', 'desc')
        .limit(PROFILE_LIST_MAX)
        .execute();
      const owners = await publicUsers(
        app.db,
        user,
        rows.map((r) => r.owner_id),
      );
      const lang = contentLangOf(user);
      const items = rows.flatMap((row) => {
        const own = row.owner_id === user.id;
        const owner = owners.get(row.owner_id);
        // Others see published slides of people they may see, never flagged ones.
        if (!own) {
          if (!owner || !maySeeSchoolOf(user, owner)) return [];
          if (row.published_at === null || row.violation_statuses.length > 0) return [];
        }
        const unit = unitItem(row, lang);
        return unit ? [unit] : [];
      });
      if (items.length === 0) throw new AppError('notFound', 'No such unit');
      return { items };
    },
  );

  // ---- tags: everyone signed in reads, staff roles write ------------------------------------
  app.get(
    '/v1/tag',
    { schema: { querystring: TagsQuery, response: { 200: TagsResponse } } },
    async (req) => {
      await app.auth.require(req);
      const rows = await app.db
        .selectFrom('tags')
        .selectAll()
        .$if(req.query.type !== undefined, (q) => q.where('type', '=', req.query.type!))
        .orderBy('type')
        .orderBy('name')
        .execute();
      return { items: rows.map(toTag) };
    },
  );

  app.post(
    '/v1/tag',
    { schema: { body: CreateTagRequest, response: { 200: TagResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      requireStaff(user);
      const b = req.body;
      const row = await app.db
        .insertInto('tags')
        .values({
          type: b.type,
          name: b.name,
          color: b.color ?? null,
          description: b.description ?? null,
          labels: b.labels ? json(b.labels) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { item: toTag(row) };
    },
  );

  app.put(
    '/v1/tag',
    { schema: { body: UpdateTagRequest, response: { 200: TagResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      requireStaff(user);
      const { id, ...b } = req.body;
      const row = await app.db
        .updateTable('tags')
        .set({
          ...(b.type !== undefined ? { type: b.type } : {}),
          ...(b.name !== undefined ? { name: b.name } : {}),
          ...(b.color !== undefined ? { color: b.color } : {}),
          ...(b.description !== undefined ? { description: b.description } : {}),
          ...(b.labels !== undefined ? { labels: json(b.labels) } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('notFound', 'No such tag');
      return { item: toTag(row) };
    },
  );

  app.delete(
    '/v1/tag',
    { schema: { querystring: DeleteTagQuery, response: { 200: TagResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      requireStaff(user);
      const row = await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('session_tags').where('tag_id', '=', req.query.id).execute();
        return trx
          .deleteFrom('tags')
          .where('id', '=', req.query.id)
          .returningAll()
          .executeTakeFirst();
      });
      if (!row) throw new AppError('notFound', 'No such tag');
      return { item: toTag(row) };
    },
  );

  // ---- activities: the caller's own -----------------------------------------------------
  app.get(
    '/v1/activities/:id',
    { schema: { params: ActivitiesParams, response: { 200: ActivitiesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      const rows = await app.db
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('session_id', '=', req.params.id)
        .orderBy('created_at', 'desc')
        .limit(PROFILE_LIST_MAX)
        .execute();
      return { items: rows.map(toActivity) };
    },
  );

  app.post(
    '/v1/activity',
    { schema: { body: PostActivityRequest, response: { 200: ActivityResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (isBlocked(await app.permissions.subject(user)))
        throw new AppError('forbidden', 'Account suspended');
      const b = req.body;
      await requireVisibleSession(app.db, app.permissions, user, b.sessionId);
      if (b.workId !== undefined) {
        const link = await app.db
          .selectFrom('session_works')
          .select('work_id')
          .where('session_id', '=', b.sessionId)
          .where('work_id', '=', b.workId)
          .executeTakeFirst();
        if (!link) throw new AppError('badRequest', 'The work is not part of the session');
      }
      const payload = {
        sessionId: b.sessionId,
        ...(b.workId !== undefined ? { workId: b.workId } : {}),
        ...(b.timestamp !== undefined ? { timestamp: b.timestamp } : {}),
      };
      const row = await app.db
        .insertInto('activities')
        .values({
          type: b.type,
          user_id: user.id,
          session_id: b.sessionId,
          stream_id: null,
          target_id: b.workId ?? null,
          payload: json(payload),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { item: toActivity(row) };
    },
  );
}

function toActivity(r: {
  id: string;
  type: string;
  session_id: string | null;
  stream_id: string | null;
  payload: Record<string, unknown>;
  created_at: Date;
}) {
  const p = r.payload;
  return {
    id: r.id,
    type: r.type,
    sessionId: r.session_id,
    streamId: r.stream_id,
    payload: {
      ...(typeof p.timestamp === 'number' ? { timestamp: p.timestamp } : {}),
      ...(typeof p.sessionId === 'string' ? { sessionId: p.sessionId } : {}),
      ...(typeof p.workId === 'string' ? { workId: p.workId } : {}),
    },
    createdAt: msOf(r.created_at),
  };
}
