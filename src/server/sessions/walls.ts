import { isProviderRole, type Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { mayAccessStream, viewerOf } from '../streams/repository';
import type { UserRow } from '../users/repository';
import { requireVisibleSession } from './access';

/** The most items a session-wide list (feedback, reflections, reactions) returns, newest first. */
export const SESSION_LIST_MAX = 200;

/**
 * The cross-school and cross-room walls for session-wide reads
 * (docs/decisions/0120-cross-school-walls.md, issue 8): what belongs to a room (participants,
 * comments, ballots, reactions) is read only by those who may open the room; a session-wide list
 * shows only people of the caller's school (provider roles see every school), the same scope the
 * outputs lists use (maySeeSchoolOf).
 */
export interface SessionWall {
  /** The school whose people the caller sees; null for provider roles (every school). */
  schoolId: string | null;
  /** True when the caller sees every school (provider roles). */
  allSchools: boolean;
  /** The rooms of the session the caller may open. */
  roomIds: ReadonlySet<string>;
}

export async function sessionWallOf(
  db: Db,
  user: UserRow,
  sessionId: string,
): Promise<SessionWall> {
  const [viewer, rooms] = await Promise.all([
    viewerOf(db, user),
    db
      .selectFrom('streams')
      .select(['id', 'host_user_id', 'group_ids'])
      .where('session_id', '=', sessionId)
      .execute(),
  ]);
  const groupIds = [...new Set(rooms.flatMap((r) => r.group_ids))];
  const schoolOf = new Map(
    groupIds.length === 0
      ? []
      : (
          await db
            .selectFrom('groups')
            .select(['id', 'school_id'])
            .where('id', 'in', groupIds)
            .execute()
        ).map((g) => [g.id, g.school_id]),
  );
  const roomIds = new Set(
    rooms
      .filter((r) =>
        mayAccessStream(viewer, { hostUserId: r.host_user_id, groupIds: r.group_ids }, [
          ...new Set(r.group_ids.map((g) => schoolOf.get(g)).filter((s) => s !== undefined)),
        ]),
      )
      .map((r) => r.id),
  );
  const allSchools = isProviderRole(user.role);
  return { schoolId: allSchools ? null : user.school_id, allSchools, roomIds };
}

/** Whether someone of `schoolId` is within the wall's school scope. */
export function withinSchool(wall: SessionWall, schoolId: string | null): boolean {
  return wall.allSchools || (wall.schoolId !== null && wall.schoolId === schoolId);
}

/** The wall of a session the caller may see; 404 when they may not see the session. */
export async function requireSessionWall(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  sessionId: string,
): Promise<SessionWall> {
  await requireVisibleSession(db, permissions, user, sessionId);
  return sessionWallOf(db, user, sessionId);
}

/** The rows of a session-wide list the caller sees: their own and those of authors within the wall. */
export function withinWall<T extends { user_id: string; author_school: string | null }>(
  wall: SessionWall,
  viewer: { id: string },
  rows: readonly T[],
): T[] {
  return rows.filter((r) => r.user_id === viewer.id || withinSchool(wall, r.author_school));
}
