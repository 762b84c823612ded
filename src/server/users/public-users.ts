import type { PublicUser, Role } from '../../contracts/entities';
import { isProviderRole } from '../auth/permissions';
import type { Db } from '../db/database';
import { displayNameFor, loginNameFor, type LoginNameViewer, type UserRow } from './repository';

/**
 * How other people appear in answers (authors, reviewers, participants): shared by the profile
 * lists, outputs, feedback and comments, so domain code needs no route module.
 */

/** Users' public views, keyed by row id, with their schools. */
export async function publicUsers(
  db: Db,
  viewer: LoginNameViewer,
  ids: readonly string[],
): Promise<Map<string, PublicUser & { schoolId: string | null; status: string }>> {
  const out = new Map<string, PublicUser & { schoolId: string | null; status: string }>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const rows = await db
    .selectFrom('users')
    .leftJoin('schools', 'schools.id', 'users.school_id')
    .select([
      'users.id',
      'users.account',
      'users.display_name',
      'users.image',
      'users.role',
      'users.status',
      'users.school_id',
      'schools.name as school_name',
    ])
    .where('users.id', 'in', unique)
    .execute();
  for (const r of rows) {
    out.set(r.id, {
      _id: r.id,
      id: loginNameFor(viewer, { id: r.id, account: r.account }),
      displayName: displayNameFor(viewer, { id: r.id, display_name: r.display_name }),
      image: r.image,
      role: r.role as Role,
      school: r.school_id && r.school_name ? { id: r.school_id, name: r.school_name } : null,
      schoolId: r.school_id,
      status: r.status,
    });
  }
  return out;
}

/** Strips the helper fields publicUsers adds, for the wire. */
export const wireUser = (u: PublicUser): PublicUser => ({
  _id: u._id,
  id: u.id,
  displayName: u.displayName,
  image: u.image,
  role: u.role,
  school: u.school,
});

/** Whether the viewer may see someone of this school (mayView without loading the row). */
export function maySeeSchoolOf(
  viewer: UserRow,
  other: { _id: string; schoolId: string | null; status: string },
): boolean {
  if (other.status === 'withdrawn') return false;
  if (viewer.id === other._id || isProviderRole(viewer.role)) return true;
  return viewer.school_id !== null && viewer.school_id === other.schoolId;
}
