import type { Selectable } from 'kysely';
import {
  CreateInquiryProjectRequest,
  InquiryProjectParams,
  InquiryProjectResponse,
  InquiryProjectsQuery,
  InquiryProjectsResponse,
  PinnedSlidesResponse,
  type PinnedSlide,
} from '../../contracts/api/projects';
import { InquiryProject, SlideSchemaItem } from '../../contracts/entities';
import { isProviderRole } from '../auth/permissions';
import { contentLangOf, localizeProject, localizeUnitOutput } from '../content/localize';
import { toUnitOutput } from '../projects/unit-outputs';
import type { Db } from '../db/database';
import { msOf, toMs } from '../db/json';
import type { InquiryProjectsTable } from '../db/schema';
import { AppError } from '../http/errors';
import { refuseScreened } from '../moderation/refuse';
import { groupsOfUser, type UserRow } from '../users/repository';
import { maySeeSchoolOf, publicUsers, wireUser } from '../users/public-users';
import type { App } from '../http/app-type';

/** The most projects one list returns. */
export const PROJECT_LIST_MAX = 20;
/** The most pinned slides returned (the home page shows the first PINNED_SLIDES). */
export const PINNED_SLIDES_MAX = 12;

type ProjectRow = Selectable<InquiryProjectsTable>;

/** Projects with their unit outputs and owners, dropping owners the viewer may not see. */
async function toProjects(db: Db, viewer: UserRow, rows: readonly ProjectRow[]) {
  if (rows.length === 0) return [];
  const units = await db
    .selectFrom('unit_outputs')
    .selectAll()
    .where(
      'project_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('created_at', 'asc')
    .execute();
  const users = await publicUsers(
    db,
    viewer,
    rows.map((r) => r.user_id),
  );
  const lang = contentLangOf(viewer);
  return rows.flatMap((row): InquiryProject[] => {
    const r = localizeProject(row, lang);
    const owner = users.get(r.user_id);
    if (!owner || !maySeeSchoolOf(viewer, owner)) return [];
    const parsed = InquiryProject.safeParse({
      id: r.id,
      name: r.name,
      updatedAt: msOf(r.updated_at),
      latestPublishedAt: toMs(r.latest_published_at),
      unitOutputs: units
        .filter((u) => u.project_id === r.id)
        .flatMap((u) => {
          const unit = toUnitOutput(u, lang);
          return unit ? [unit] : [];
        }),
      user: wireUser(owner),
    });
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whether the user may start a project: not graduated, not a guest, no group has projects off. */
export async function mayCreateProject(db: Db, user: UserRow): Promise<boolean> {
  if (user.role === 'graduated' || user.is_guest) return false;
  const groups = await groupsOfUser(db, user.id);
  return groups.every((g) => g.project_available);
}

/**
 * Inquiry projects. A project is visible to its owner and to users of the owner's school (and to
 * provider staff); anyone else gets the same 404 as for a project that does not exist.
 */
export async function projectRoutes(app: App): Promise<void> {
  app.get(
    '/v1/inquiryProjects',
    { schema: { querystring: InquiryProjectsQuery, response: { 200: InquiryProjectsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const { isMe = false, isTrashed = false, orderBy = 'updatedAt' } = req.query;
      let q = app.db
        .selectFrom('inquiry_projects')
        .innerJoin('users', 'users.id', 'inquiry_projects.user_id')
        .selectAll('inquiry_projects')
        .where('inquiry_projects.is_trashed', '=', isTrashed);
      if (isMe) q = q.where('inquiry_projects.user_id', '=', user.id);
      else if (!isProviderRole(user.role)) {
        // Another school's projects are never listed; a user without a school sees only their own.
        q =
          user.school_id === null
            ? q.where('inquiry_projects.user_id', '=', user.id)
            : q.where('users.school_id', '=', user.school_id);
      }
      // Someone else's trash is private.
      if (isTrashed) q = q.where('inquiry_projects.user_id', '=', user.id);
      const column =
        orderBy === 'latestPublishedAt'
          ? 'inquiry_projects.latest_published_at'
          : 'inquiry_projects.updated_at';
      const rows = await q
        .orderBy(column, (ob) => ob.desc().nullsLast())
        .orderBy('inquiry_projects.id')
        .limit(PROJECT_LIST_MAX)
        .execute();
      return { items: await toProjects(app.db, user, rows) };
    },
  );

  app.get(
    '/v1/inquiryProjects/pinnedSlides',
    { schema: { response: { 200: PinnedSlidesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      let q = app.db
        .selectFrom('unit_outputs as u')
        .innerJoin('inquiry_projects as p', 'p.id', 'u.project_id')
        .innerJoin('users', 'users.id', 'p.user_id')
        .select([
          'u.id',
          'u.project_id',
          'u.slide_schema',
          'u.values',
          'u.violation_statuses',
          'u.published_at',
          'u.translations',
          'p.name as project_name',
          'p.translations as project_translations',
          'p.user_id',
        ])
        .where('p.is_pinned', '=', true)
        .where('p.is_trashed', '=', false)
        .where('u.published_at', 'is not', null)
        .where('users.status', '=', 'active');
      if (!isProviderRole(user.role)) {
        if (user.school_id === null) return { items: [] };
        q = q.where('users.school_id', '=', user.school_id);
      }
      const rows = await q
        .orderBy('u.published_at', 'desc')
        .orderBy('u.id')
        .limit(PINNED_SLIDES_MAX * 2)
        .execute();
      const users = await publicUsers(
        app.db,
        user,
        rows.map((r) => r.user_id),
      );
      const lang = contentLangOf(user);
      const items: PinnedSlide[] = [];
      for (const row of rows) {
        const r = localizeUnitOutput(row, lang);
        const project = localizeProject(
          { name: row.project_name, translations: row.project_translations },
          lang,
        );
        // A slide hidden for a violation is not something to showcase.
        if (Array.isArray(r.violation_statuses) && r.violation_statuses.length > 0) continue;
        const owner = users.get(r.user_id);
        const schema = SlideSchemaItem.array().safeParse(r.slide_schema);
        if (!owner || !maySeeSchoolOf(user, owner) || !schema.success || !r.published_at) continue;
        items.push({
          id: r.id,
          projectId: r.project_id,
          projectName: project.name,
          user: wireUser(owner),
          slideSchema: schema.data,
          values: r.values,
          publishedAt: msOf(r.published_at),
        });
        if (items.length >= PINNED_SLIDES_MAX) break;
      }
      return { items };
    },
  );

  app.get(
    '/v1/inquiryProject/:id',
    { schema: { params: InquiryProjectParams, response: { 200: InquiryProjectResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await app.db
        .selectFrom('inquiry_projects')
        .selectAll()
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      const trashedForOthers = row?.is_trashed && row.user_id !== user.id;
      const [item] = row && !trashedForOthers ? await toProjects(app.db, user, [row]) : [];
      if (!item) throw new AppError('notFound', 'Project not found');
      return { item };
    },
  );

  app.post(
    '/v1/inquiryProject',
    { schema: { body: CreateInquiryProjectRequest, response: { 200: InquiryProjectResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (!(await mayCreateProject(app.db, user))) {
        throw new AppError('forbidden', 'Projects are not available for this account');
      }
      // A project name is a short label with no review: refused like a display name (issue 8).
      refuseScreened(req.body.name, 'name');
      const row = await app.db
        .insertInto('inquiry_projects')
        .values({ user_id: user.id, name: req.body.name })
        .returningAll()
        .executeTakeFirstOrThrow();
      const [item] = await toProjects(app.db, user, [row]);
      if (!item) throw new AppError('internal', 'Project could not be read back');
      return { item };
    },
  );
}
