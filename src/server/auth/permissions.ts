import type { PermissionName } from '../../contracts/api/users';
import {
  isStaffRole,
  USER_PERMISSION_NAMES,
  type Me,
  type Role,
  type UserPermissions,
} from '../../contracts/entities';
import type { Db } from '../db/database';
import type { SessionStatusValue, SessionTargetJson } from '../db/schema';
import {
  groupsOfSchools,
  groupsOfUser,
  loadMe,
  withAncestorIds,
  type GroupRow,
  type UserRow,
} from '../users/repository';

/**
 * THE place that decides what a user may do. Routes and GET /v1/permission/{name} both call
 * `decide`; the rules are written down in docs/decisions/0115-permissions.md. `decide` is pure so
 * the table test can walk every name and role without a database.
 */

export interface Subject {
  userId: string;
  role: Role;
  isGuest: boolean;
  status: 'active' | 'suspended' | 'withdrawn';
  schoolId: string | null;
  /** The user's own groups. */
  groups: ReadonlyArray<{ id: string; confirmType: 'active' | 'suspended' }>;
  /** Own groups plus their ancestors: what a GROUP-targeted session is matched against. */
  reachableGroupIds: ReadonlySet<string>;
}

export interface SessionFacts {
  id: string;
  status: SessionStatusValue;
  isWatchable: boolean;
  target: SessionTargetJson;
  /** The studio author and school (issue 24: preview); absent where only listing is decided. */
  ownerUserId?: string | null;
  ownerSchoolId?: string | null;
}

/** Provider-wide roles: not bound to one school, see every session and report. */
const PROVIDER_ROLES: readonly Role[] = ['staff', 'admin'];
export const isProviderRole = (role: Role): boolean => PROVIDER_ROLES.includes(role);

/**
 * Suspended or withdrawn accounts, and school users whose every group is suspended, may do
 * nothing (their access token may outlive the suspension by up to its TTL).
 */
export function isBlocked(s: Pick<Subject, 'status' | 'role' | 'groups'>): boolean {
  if (s.status !== 'active') return true;
  if (isProviderRole(s.role)) return false;
  return s.groups.length > 0 && s.groups.every((g) => g.confirmType === 'suspended');
}

/** Whether the session is aimed at this user (ALL, their school, or one of their groups). */
function isTargeted(s: Subject, session: SessionFacts): boolean {
  if (isProviderRole(s.role)) return true;
  const targets = session.target.targets ?? [];
  switch (session.target.type) {
    case 'ALL':
      return true;
    case 'SCHOOL':
      return s.schoolId !== null && targets.includes(s.schoolId);
    case 'GROUP':
      return targets.some((t) => s.reachableGroupIds.has(t));
  }
}

/** Whether the session is listed and readable for this user (PRIVATE: staff and admin only). */
export function canSeeSession(s: Subject, session: SessionFacts): boolean {
  if (session.status === 'PRIVATE' && !isProviderRole(s.role)) return false;
  return isTargeted(s, session);
}

/**
 * Preview before publishing (issue 24): a studio session opens by its link, whatever its status
 * or target, for its author and the staff roles of its school — never for pupils, never for
 * another school. It is not listed anywhere for them (lists decide with `canSeeSession`).
 */
function canPreviewSession(s: Subject, session: SessionFacts): boolean {
  if (!isStaffRole(s.role)) return false;
  if (session.ownerUserId && session.ownerUserId === s.userId) return true;
  return !!session.ownerSchoolId && session.ownerSchoolId === s.schoolId;
}

/** Opens by its link: seen in the lists, or previewed by its author's school's staff. */
export const canOpenSession = (s: Subject, session: SessionFacts): boolean =>
  canSeeSession(s, session) || canPreviewSession(s, session);

/** The decision for one named check. `session` is required for joinSession and watchArchive. */
export function decide(name: PermissionName, s: Subject, session?: SessionFacts): boolean {
  if (isBlocked(s)) return false;
  const graduated = s.role === 'graduated';
  switch (name) {
    case 'joinSession':
      // Live participation is for current pupils and staff; graduates keep read-only access.
      return session !== undefined && !graduated && canOpenSession(s, session);
    case 'watchArchive':
      return (
        session !== undefined &&
        ((session.isWatchable && canSeeSession(s, session)) ||
          (isProviderRole(s.role) && canSeeSession(s, session)) ||
          canPreviewSession(s, session))
      );
    case 'addComment':
      return !graduated;
    case 'submitOutput':
      return !graduated && !s.isGuest;
    case 'submitFeedback':
      return !graduated && !s.isGuest;
    case 'changeProfile':
      // A guest account is shared by many people: its name is not theirs to change.
      return !s.isGuest;
    case 'follow':
      return !s.isGuest;
    case 'seeFeedbackZero':
    case 'seeReport':
      return isStaffRole(s.role);
  }
}

/** Every check that needs no session, for the own record (GET /v1/me). */
function userPermissions(s: Subject): UserPermissions {
  return Object.fromEntries(USER_PERMISSION_NAMES.map((n) => [n, decide(n, s)])) as UserPermissions;
}

function subjectOf(
  user: UserRow,
  groups: readonly GroupRow[],
  schoolGroups: readonly GroupRow[],
): Subject {
  return {
    userId: user.id,
    role: user.role,
    isGuest: user.is_guest,
    status: user.status,
    schoolId: user.school_id,
    groups: groups.map((g) => ({ id: g.id, confirmType: g.confirm_type })),
    reachableGroupIds: withAncestorIds(groups, schoolGroups),
  };
}

/** A user's own groups and every group of their schools (what subjects and viewers are made of). */
export interface UserGroups {
  own: readonly GroupRow[];
  school: readonly GroupRow[];
}

/** `load()`, or a value remembered under `key` (AuthService.remember); the default never remembers. */
export type Remember = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** Loads subjects and sessions for `decide`; decorated on the app as `app.permissions`. */
export class Permissions {
  constructor(
    private readonly db: Db,
    /**
     * Where a user's groups are remembered between requests (app.ts passes AuthService.remember:
     * cleared by any API change, at most AUTH_USER_CACHE_MS old). A page's reads each need the
     * caller's groups; this looks them up once per burst instead of twice per read (issue 10).
     */
    private readonly remember: Remember = (_key, load) => load(),
  ) {}

  /**
   * The user's groups and their schools' groups. The arrays are shared: never mutate them.
   * `fresh` reads the database: for an answer to a change, which clears the memory only after.
   */
  groupsOf(user: Pick<UserRow, 'id'>, fresh = false): Promise<UserGroups> {
    const load = async () => {
      const own = await groupsOfUser(this.db, user.id);
      const schoolIds = [...new Set(own.map((g) => g.school_id))];
      return { own, school: await groupsOfSchools(this.db, schoolIds) };
    };
    return fresh ? load() : this.remember(`groups:${user.id}`, load);
  }

  async subject(user: UserRow, fresh = false): Promise<Subject> {
    const { own, school } = await this.groupsOf(user, fresh);
    return subjectOf(user, own, school);
  }

  /**
   * The own record with its session-free permissions: GET /v1/me (`fresh` false) and the answers
   * to changes of the own record (`fresh` true).
   */
  async me(user: UserRow, fresh = false): Promise<Me> {
    const [me, subject] = await Promise.all([loadMe(this.db, user), this.subject(user, fresh)]);
    return { ...me, permissions: userPermissions(subject) };
  }

  async session(sessionId: string): Promise<SessionFacts | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'status', 'is_watchable', 'target', 'owner_user_id', 'owner_school_id'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        status: row.status,
        isWatchable: row.is_watchable,
        target: row.target,
        ownerUserId: row.owner_user_id,
        ownerSchoolId: row.owner_school_id,
      }
    );
  }

  /** Loads what the check needs and decides it. An unknown session is simply not permitted. */
  async check(name: PermissionName, user: UserRow, sessionId?: string): Promise<boolean> {
    const needsSession = name === 'joinSession' || name === 'watchArchive';
    const [subject, session] = await Promise.all([
      this.subject(user),
      needsSession && sessionId ? this.session(sessionId) : Promise.resolve(undefined),
    ]);
    return decide(name, subject, session);
  }
}

/**
 * Whether `actor` may set the password of `target` (PUT /v1/user/{id} with only a password):
 * the actor has a staff role (teacher, staff, admin) and is not blocked, the target is a pupil
 * (member or supporter), and the target belongs to one of the actor's groups or to a child group
 * of them. `managedGroupIds` is the actor's groups with their descendants.
 */
export function mayResetPasswordOf(
  actor: Subject,
  managedGroupIds: ReadonlySet<string>,
  target: { id: string; role: Role; groupIds: readonly string[] },
): boolean {
  if (isBlocked(actor) || !isStaffRole(actor.role) || target.id === actor.userId) return false;
  if (target.role !== 'member' && target.role !== 'supporter') return false;
  return target.groupIds.some((g) => managedGroupIds.has(g));
}
