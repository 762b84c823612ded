import type { Selectable } from 'kysely';
import type { PinnedSlide } from '../../contracts/api/projects';
import type { MyUnitOutput } from '../../contracts/api/catalogue';
import { InquiryProject, SlideSchemaItem, type Lang } from '../../contracts/entities';
import { isProviderRole, type Subject } from '../auth/permissions';
import { contentLangOf, localizeProject, localizeUnitOutput } from '../content/localize';
import type { Db } from '../db/database';
import { msOf, toMs } from '../db/json';
import type { InquiryProjectsTable, UnitOutputsTable } from '../db/schema';
import { maySeeSchoolOf, publicUsers, wireUser } from '../users/public-users';
import { groupsOfUser, type UserRow } from '../users/repository';
import { toUnitOutput } from './unit-outputs';

/**
 * Inquiry projects and their slides (unit outputs). A project is visible to its owner and to
 * users of the owner's school (and to provider staff). Every read takes the caller's scope (who
 * they are, their role and school) and `viewer`, the caller's row: how owners' names and the
 * content's language appear to them.
 */

/** The most projects one list returns. */
const PROJECT_LIST_MAX = 20;
/** The most pinned slides returned (the home page shows the first PINNED_SLIDES). */
const PINNED_SLIDES_MAX = 12;
/** The most slides a unit list returns: the profile lists' length (PROFILE_LIST_MAX). */
const UNIT_LIST_MAX = 100;

type ProjectRow = Selectable<InquiryProjectsTable>;

/** Projects with their unit outputs and owners, dropping owners the viewer may not see. */
async function toProjects(
  db: Db,
  viewer: UserRow,
  rows: readonly ProjectRow[],
): Promise<InquiryProject[]> {
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

/**
 * Whether the user may start a project: not graduated, not a guest, no group has projects off.
 * Reads only the user's own groups.
 */
export async function mayCreateProject(db: Db, user: UserRow): Promise<boolean> {
  if (user.role === 'graduated' || user.is_guest) return false;
  const groups = await groupsOfUser(db, user.id);
  return groups.every((g) => g.project_available);
}

export interface ProjectListOptions {
  /** Only the caller's own projects. */
  isMe: boolean;
  /** The trash instead of the live projects (always the caller's own). */
  isTrashed: boolean;
  orderBy: 'updatedAt' | 'latestPublishedAt';
}

/** GET /v1/inquiryProjects: the caller's school's projects (provider roles: every school's). */
export async function listProjects(
  db: Db,
  scope: Subject,
  viewer: UserRow,
  { isMe, isTrashed, orderBy }: ProjectListOptions,
): Promise<InquiryProject[]> {
  let q = db
    .selectFrom('inquiry_projects')
    .innerJoin('users', 'users.id', 'inquiry_projects.user_id')
    .selectAll('inquiry_projects')
    .where('inquiry_projects.is_trashed', '=', isTrashed);
  if (isMe) q = q.where('inquiry_projects.user_id', '=', scope.userId);
  else if (!isProviderRole(scope.role)) {
    // Another school's projects are never listed; a user without a school sees only their own.
    q =
      scope.schoolId === null
        ? q.where('inquiry_projects.user_id', '=', scope.userId)
        : q.where('users.school_id', '=', scope.schoolId);
  }
  // Someone else's trash is private.
  if (isTrashed) q = q.where('inquiry_projects.user_id', '=', scope.userId);
  const column =
    orderBy === 'latestPublishedAt'
      ? 'inquiry_projects.latest_published_at'
      : 'inquiry_projects.updated_at';
  const rows = await q
    .orderBy(column, (ob) => ob.desc().nullsLast())
    .orderBy('inquiry_projects.id')
    .limit(PROJECT_LIST_MAX)
    .execute();
  return toProjects(db, viewer, rows);
}

/** The pinned projects' published slides of the caller's school (provider roles: every one). */
export async function listPinnedSlides(
  db: Db,
  scope: Subject,
  viewer: UserRow,
): Promise<PinnedSlide[]> {
  let q = db
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
  if (!isProviderRole(scope.role)) {
    if (scope.schoolId === null) return [];
    q = q.where('users.school_id', '=', scope.schoolId);
  }
  const rows = await q
    .orderBy('u.published_at', 'desc')
    .orderBy('u.id')
    .limit(PINNED_SLIDES_MAX * 2)
    .execute();
  const users = await publicUsers(
    db,
    viewer,
    rows.map((r) => r.user_id),
  );
  const lang = contentLangOf(viewer);
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
    if (!owner || !maySeeSchoolOf(viewer, owner) || !schema.success || !r.published_at) continue;
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
  return items;
}

/** One project the caller may see; someone else's trashed project is as missing as an unknown id. */
export async function findProject(
  db: Db,
  scope: Subject,
  viewer: UserRow,
  id: string,
): Promise<InquiryProject | undefined> {
  const row = await db
    .selectFrom('inquiry_projects')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  const trashedForOthers = row?.is_trashed && row.user_id !== scope.userId;
  const [item] = row && !trashedForOthers ? await toProjects(db, viewer, [row]) : [];
  return item;
}

/** A new, empty project of the caller, read back as the caller sees it. */
export async function createProject(
  db: Db,
  scope: Subject,
  viewer: UserRow,
  name: string,
): Promise<InquiryProject | undefined> {
  const row = await db
    .insertInto('inquiry_projects')
    .values({ user_id: scope.userId, name })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [item] = await toProjects(db, viewer, [row]);
  return item;
}

/** A unit output (slide) with its unit and time, in `lang`; null when its schema does not parse. */
function unitItem(row: Selectable<UnitOutputsTable>, lang: Lang) {
  const unit = toUnitOutput(row, lang);
  return unit && { ...unit, unitId: row.unit_id, updatedAt: msOf(row.updated_at) };
}

/** GET /v1/me/unitOutputs: the slides of the caller's own projects, flagged ones only if asked. */
export async function listOwnUnitOutputs(
  db: Db,
  scope: Subject,
  viewer: UserRow,
  { violatedOnly }: { violatedOnly: boolean },
): Promise<MyUnitOutput[]> {
  const rows = await db
    .selectFrom('unit_outputs')
    .innerJoin('inquiry_projects', 'inquiry_projects.id', 'unit_outputs.project_id')
    .selectAll('unit_outputs')
    .select('inquiry_projects.name as project_name')
    .where('inquiry_projects.user_id', '=', scope.userId)
    .$if(violatedOnly, (q) =>
      q.where((eb) => eb(eb.fn('jsonb_array_length', ['unit_outputs.violation_statuses']), '>', 0)),
    )
    .orderBy('unit_outputs.updated_at', 'desc')
    .limit(UNIT_LIST_MAX)
    .execute();
  const lang = contentLangOf(viewer);
  return rows.flatMap((row) => {
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
  });
}

/**
 * GET /v1/units/{id}: the slides of one unit in projects not trashed. The caller's own are all
 * listed; others' only when published, not flagged, and of people the caller may see.
 */
export async function listUnitOutputs(db: Db, scope: Subject, viewer: UserRow, unitId: string) {
  const rows = await db
    .selectFrom('unit_outputs')
    .innerJoin('inquiry_projects', 'inquiry_projects.id', 'unit_outputs.project_id')
    .selectAll('unit_outputs')
    .select(['inquiry_projects.user_id as owner_id'])
    .where('unit_outputs.unit_id', '=', unitId)
    .where('inquiry_projects.is_trashed', '=', false)
    .orderBy('unit_outputs.updated_at', 'desc')
    .limit(UNIT_LIST_MAX)
    .execute();
  const owners = await publicUsers(
    db,
    viewer,
    rows.map((r) => r.owner_id),
  );
  const lang = contentLangOf(viewer);
  return rows.flatMap((row) => {
    const own = row.owner_id === scope.userId;
    const owner = owners.get(row.owner_id);
    // Others see published slides of people they may see, never flagged ones.
    if (!own) {
      if (!owner || !maySeeSchoolOf(viewer, owner)) return [];
      if (row.published_at === null || row.violation_statuses.length > 0) return [];
    }
    const unit = unitItem(row, lang);
    return unit ? [unit] : [];
  });
}
