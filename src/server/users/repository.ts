import type { Selectable } from 'kysely';
import {
  HIDDEN_DISPLAY_NAME,
  isStaffRole,
  type Group,
  type Me,
  type PublicUser,
  type Role,
} from '../../contracts/entities';
import type { Db } from '../db/database';
import { msOf, toMs } from '../db/json';
import type { GroupsTable, SchoolsTable, UsersTable } from '../db/schema';
import { isForbiddenName } from '../moderation/forbidden-name';

export type UserRow = Selectable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type SchoolRow = Selectable<SchoolsTable>;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Account names match ignoring case (see the unique index on lower(account)). */
export async function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
    .executeTakeFirst();
}

/** The groups the user belongs to directly. */
export async function groupsOfUser(db: Db, userId: string): Promise<GroupRow[]> {
  return db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .selectAll('groups')
    .where('group_members.user_id', '=', userId)
    .execute();
}

/** Every group of the given schools (small: a school has tens of groups). */
export async function groupsOfSchools(db: Db, schoolIds: readonly string[]): Promise<GroupRow[]> {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('groups')
    .selectAll()
    .where('school_id', 'in', [...schoolIds])
    .execute();
}

/** The given groups plus all their descendants, found in `all`. */
export function withDescendants(roots: readonly GroupRow[], all: readonly GroupRow[]): GroupRow[] {
  const byParent = new Map<string, GroupRow[]>();
  for (const g of all) {
    if (g.parent_id === null) continue;
    const list = byParent.get(g.parent_id) ?? [];
    list.push(g);
    byParent.set(g.parent_id, list);
  }
  const seen = new Map<string, GroupRow>();
  const stack = [...roots];
  while (stack.length > 0) {
    const g = stack.pop()!;
    if (seen.has(g.id)) continue;
    seen.set(g.id, g);
    stack.push(...(byParent.get(g.id) ?? []));
  }
  return [...seen.values()];
}

/** Ids of the given groups and all their ancestors (a session targeted at a parent reaches its classes). */
export function withAncestorIds(
  groups: readonly GroupRow[],
  all: readonly GroupRow[],
): Set<string> {
  const byId = new Map(all.map((g) => [g.id, g]));
  const ids = new Set<string>();
  for (const g of groups) {
    let current: GroupRow | undefined = g;
    while (current && !ids.has(current.id)) {
      ids.add(current.id);
      current = current.parent_id ? byId.get(current.parent_id) : undefined;
    }
  }
  return ids;
}

/**
 * The spec's order: by name, each parent followed by its children, orphans (whose parent is not
 * in the list) at the end.
 */
export function sortGroups(groups: readonly GroupRow[]): GroupRow[] {
  const byName = (a: GroupRow, b: GroupRow) =>
    a.name.localeCompare(b.name, 'ja') || a.id.localeCompare(b.id);
  const ids = new Set(groups.map((g) => g.id));
  const children = new Map<string, GroupRow[]>();
  for (const g of groups) {
    if (g.parent_id && ids.has(g.parent_id)) {
      const list = children.get(g.parent_id) ?? [];
      list.push(g);
      children.set(g.parent_id, list);
    }
  }
  const out: GroupRow[] = [];
  const visit = (g: GroupRow) => {
    out.push(g);
    for (const c of (children.get(g.id) ?? []).sort(byName)) visit(c);
  };
  const roots = groups.filter((g) => g.parent_id === null).sort(byName);
  const orphans = groups.filter((g) => g.parent_id !== null && !ids.has(g.parent_id)).sort(byName);
  for (const r of roots) visit(r);
  for (const o of orphans) visit(o);
  return out;
}

export function toGroup(g: GroupRow): Group {
  return {
    id: g.id,
    name: g.name,
    parentId: g.parent_id,
    schoolId: g.school_id,
    confirmType: g.confirm_type,
    projectAvailable: g.project_available,
    updatedAt: msOf(g.updated_at),
  };
}

export async function findSchool(db: Db, id: string | null): Promise<SchoolRow | undefined> {
  if (!id) return undefined;
  return db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Who is reading a user's public view: the login-name rule needs their id and role. */
export interface LoginNameViewer {
  id: string;
  role: Role;
}

/** The audience of a broadcast (one payload to every socket of a room): no login names. */
export const BROADCAST_VIEWER: LoginNameViewer = { id: '', role: 'member' };

/**
 * THE login-name rule (docs/decisions/0121-login-names-and-withheld-names.md): a user's login name
 * (`account`, the wire's `id`) is shown to staff roles (teacher, staff, admin) and to the account
 * itself; everyone else gets the row id (`_id`) in that field, which every route taking a user id
 * accepts, so links keep working and nobody learns a pupil's sign-in name.
 */
export function loginNameFor(
  viewer: LoginNameViewer,
  user: { id: string; account: string },
): string {
  return viewer.id === user.id || isStaffRole(viewer.role) ? user.account : user.id;
}

/**
 * THE forbidden-name rule (spec: "a member whose name is forbidden shows 'no permission' text";
 * docs/decisions/0121-login-names-and-withheld-names.md): a display name today's screening holds
 * reaches only the person and staff roles (teacher, staff, admin, who correct it); everyone else,
 * and every broadcast, gets HIDDEN_DISPLAY_NAME, which clients show as 'no permission'.
 */
export function displayNameFor(
  viewer: LoginNameViewer,
  user: { id: string; display_name: string },
): string {
  if (viewer.id === user.id || isStaffRole(viewer.role)) return user.display_name;
  return isForbiddenName(user.display_name) ? HIDDEN_DISPLAY_NAME : user.display_name;
}

export function toPublicUser(
  u: UserRow,
  school: SchoolRow | undefined,
  viewer: LoginNameViewer,
): PublicUser {
  return {
    _id: u.id,
    id: loginNameFor(viewer, u),
    displayName: displayNameFor(viewer, u),
    image: u.image,
    role: u.role,
    school: school ? { id: school.id, name: school.name } : null,
  };
}

function toMe(u: UserRow, school: SchoolRow | undefined, groups: readonly GroupRow[]): Me {
  return {
    ...toPublicUser(u, school, u),
    name: u.name,
    studentNumber: u.student_number,
    groups: sortGroups(groups).map(toGroup),
    lang: u.lang,
    location: { country: { code: u.country }, state: u.state ? { code: u.state } : null },
    prefecture: u.prefecture,
    readNotificationAt: toMs(u.read_notification_at),
    cookie: u.cookie,
    termsAgreementVersion: u.terms_agreement_version,
    profileUpdatedAt: toMs(u.profile_updated_at),
    violationStatuses: u.violation_statuses,
    isPasswordUnconfirmed: u.is_password_unconfirmed,
    displayNameHidden: isForbiddenName(u.display_name),
    isGuest: u.is_guest,
    birthYear: u.birth_year,
  };
}

/** Loads everything GET /v1/me needs for a user row. */
export async function loadMe(db: Db, u: UserRow): Promise<Me> {
  const [school, groups] = await Promise.all([findSchool(db, u.school_id), groupsOfUser(db, u.id)]);
  return toMe(u, school, groups);
}
