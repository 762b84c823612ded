import type { PermissionName } from '../../contracts/api/users';
import { isStaffRole, type Role } from '../../contracts/entities';
import type { Db } from '../db/database';
import type { SessionStatusValue, SessionTargetJson } from '../db/schema';
import {
  groupsOfSchools,
  groupsOfUser,
  withAncestorIds,
  type GroupRow,
  type UserRow,
} from '../users/repository';

/**
 * THE place that decides what a user may do. Routes and GET /v1/permission/{name} both call
 * `decide`; the rules are written down in docs/decisions.md ("Permissions"). `decide` is pure so
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
export function isTargeted(s: Subject, session: SessionFacts): boolean {
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

/** The decision for one named check. `session` is required for joinSession and watchArchive. */
export function decide(name: PermissionName, s: Subject, session?: SessionFacts): boolean {
  if (isBlocked(s)) return false;
  const graduated = s.role === 'graduated';
  switch (name) {
    case 'joinSession':
      // Live participation is for current pupils and staff; graduates keep read-only access.
      return session !== undefined && !graduated && canSeeSession(s, session);
    case 'watchArchive':
      return (
        session !== undefined &&
        (session.isWatchable || isProviderRole(s.role)) &&
        canSeeSession(s, session)
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

export function subjectOf(
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

/** Loads subjects and sessions for `decide`; decorated on the app as `app.permissions`. */
export class Permissions {
  constructor(private readonly db: Db) {}

  async subject(user: UserRow): Promise<Subject> {
    const groups = await groupsOfUser(this.db, user.id);
    const schoolIds = [...new Set(groups.map((g) => g.school_id))];
    return subjectOf(user, groups, await groupsOfSchools(this.db, schoolIds));
  }

  async session(sessionId: string): Promise<SessionFacts | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'status', 'is_watchable', 'target'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    return (
      row && { id: row.id, status: row.status, isWatchable: row.is_watchable, target: row.target }
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
