import type { PermissionName } from '../../contracts/api/users';
import type { Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { findStream, mayAccessStream, schoolsOfGroups, viewerOf } from '../streams/repository';
import type { UserRow } from '../users/repository';
import { findSessionRow, isOpenable } from './repository';

/** The session row if the user may open it (or preview it, issue 24); 404 otherwise (missing and hidden look the same). */
export async function requireVisibleSession(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  id: string,
) {
  const [row, subject] = await Promise.all([findSessionRow(db, id), permissions.subject(user)]);
  if (!row || !isOpenable(subject, row)) throw new AppError('notFound', 'No such session');
  return row;
}

/** 403 unless the Permissions module grants `name` for this session. */
export async function requirePermission(
  permissions: Permissions,
  name: PermissionName,
  user: UserRow,
  sessionId: string,
): Promise<void> {
  if (!(await permissions.check(name, user, sessionId))) {
    throw new AppError('forbidden', `Not permitted: ${name}`);
  }
}

/**
 * The room of this session the user may open: 404 when it is unknown, deleted, of another
 * session, or one the user may not open (a room one may not open answers like a missing one).
 */
export async function requireRoomOfSession(
  db: Db,
  user: UserRow,
  sessionId: string,
  streamId: string,
) {
  const row = await findStream(db, streamId);
  if (!row || row.is_deleted || row.session_id !== sessionId) {
    throw new AppError('notFound', 'No such room');
  }
  const viewer = await viewerOf(db, user);
  const schools = await schoolsOfGroups(db, row.group_ids);
  if (
    !mayAccessStream(viewer, { hostUserId: row.host_user_id, groupIds: row.group_ids }, schools)
  ) {
    throw new AppError('notFound', 'No such room');
  }
  return row;
}
