import type { z } from 'zod';
import type { CreateUserRequest, CreateUserResponse } from '../../contracts/api/catalogue';
import { isStaffRole } from '../../contracts/entities';
import { assertPasswordPolicy } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { isBlocked, isProviderRole, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { groupsOfSchools, groupsOfUser, withDescendants } from './repository';

/**
 * POST /v1/user: staff create accounts for their school's groups (issue 14). A teacher creates
 * pupils (member, supporter) in the groups they manage (their own and those below); staff and
 * admin of a school may also create teachers, and a school's admin may use every group of the
 * school. The account starts with the password flagged unconfirmed (the pupil chooses their own
 * at the first visit) and the terms not yet agreed. The scope decides which groups may be used.
 */
export async function createAccount(
  db: Db,
  scope: Subject,
  b: z.infer<typeof CreateUserRequest>,
): Promise<z.infer<typeof CreateUserResponse>['item']> {
  if (!isStaffRole(scope.role)) throw new AppError('forbidden', 'Staff roles only');
  if (isBlocked(scope)) throw new AppError('forbidden', 'This account is suspended');
  if (b.role === 'teacher' && scope.role === 'teacher')
    throw new AppError('forbidden', 'Teachers create pupil accounts only');

  const own = await groupsOfUser(db, scope.userId);
  const schoolIds = [...new Set([...own.map((g) => g.school_id), scope.schoolId ?? ''])];
  const schoolGroups = await groupsOfSchools(db, schoolIds.filter(Boolean));
  const managed = new Set(withDescendants(own, schoolGroups).map((g) => g.id));
  const targets = schoolGroups.filter((g) => b.groupIds.includes(g.id));
  // A group of another school (or a made-up id) is not found; one of the school the actor
  // does not manage is forbidden.
  if (targets.length !== new Set(b.groupIds).size)
    throw new AppError('notFound', 'Group not found');
  const schoolAdmin = scope.role === 'admin' && scope.schoolId !== null;
  for (const g of targets) {
    const mayUse = managed.has(g.id) || (schoolAdmin && g.school_id === scope.schoolId);
    if (!mayUse) throw new AppError('forbidden', 'You do not manage this group');
    if (g.confirm_type === 'suspended') throw new AppError('forbidden', 'This group is suspended');
  }
  const schools = new Set(targets.map((g) => g.school_id));
  if (schools.size !== 1) throw new AppError('badRequest', 'The groups belong to one school');
  const schoolId = targets[0]!.school_id;
  if (!isProviderRole(scope.role) && scope.schoolId !== null && scope.schoolId !== schoolId)
    throw new AppError('forbidden', 'Another school');

  const school = await db
    .selectFrom('schools')
    .select('name')
    .where('id', '=', schoolId)
    .executeTakeFirst();
  await assertPasswordPolicy(b.password, b.role, {
    account: b.id,
    displayName: b.displayName,
    school: school?.name ?? null,
  });

  // Account names are unique across the service (ignoring case), whatever the school.
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['account']), '=', b.id.toLowerCase()))
    .executeTakeFirst();
  if (taken)
    throw new AppError('conflict', 'This account name is taken', [
      { path: 'id', message: 'taken' },
    ]);

  const passwordHash = await hashPassword(b.password);
  const created = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        account: b.id,
        name: b.name,
        display_name: b.displayName,
        password_hash: passwordHash,
        role: b.role,
        school_id: schoolId,
        lang: b.lang ?? 'ja',
        is_password_unconfirmed: true,
        student_number: b.studentNumber ?? null,
      })
      .returning(['id', 'account', 'role'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('group_members')
      .values(targets.map((g) => ({ group_id: g.id, user_id: row.id })))
      .execute();
    return row;
  });
  return {
    id: created.id,
    account: created.account,
    role: created.role,
    groupIds: targets.map((g) => g.id),
  };
}
