import { CreateUserRequest, CreateUserResponse } from '../../contracts/api/catalogue';
import { isStaffRole } from '../../contracts/entities';
import { isBlocked, isProviderRole } from '../auth/permissions';
import { hashPassword } from '../auth/passwords';
import { assertPasswordPolicy } from '../auth/password-policy';
import { AppError } from '../http/errors';
import { groupsOfSchools, groupsOfUser, withDescendants } from '../users/repository';
import type { App } from '../http/app-type';

/**
 * POST /v1/user: staff create accounts for their school's groups (issue 14). A teacher creates
 * pupils (member, supporter) in the groups they manage (their own and those below); staff and
 * admin of a school may also create teachers, and a school's admin may use every group of the
 * school. The account starts with the password flagged unconfirmed (the pupil chooses their own
 * at the first visit) and the terms not yet agreed.
 */
export async function accountRoutes(app: App): Promise<void> {
  app.post(
    '/v1/user',
    { schema: { body: CreateUserRequest, response: { 200: CreateUserResponse } } },
    async (req) => {
      const { user: actor } = await app.auth.require(req);
      if (!isStaffRole(actor.role)) throw new AppError('forbidden', 'Staff roles only');
      if (isBlocked(await app.permissions.subject(actor)))
        throw new AppError('forbidden', 'This account is suspended');
      const b = req.body;
      if (b.role === 'teacher' && actor.role === 'teacher')
        throw new AppError('forbidden', 'Teachers create pupil accounts only');

      const own = await groupsOfUser(app.db, actor.id);
      const schoolIds = [...new Set([...own.map((g) => g.school_id), actor.school_id ?? ''])];
      const schoolGroups = await groupsOfSchools(app.db, schoolIds.filter(Boolean));
      const managed = new Set(withDescendants(own, schoolGroups).map((g) => g.id));
      const targets = schoolGroups.filter((g) => b.groupIds.includes(g.id));
      // A group of another school (or a made-up id) is not found; one of the school the actor
      // does not manage is forbidden.
      if (targets.length !== new Set(b.groupIds).size)
        throw new AppError('notFound', 'Group not found');
      const schoolAdmin = actor.role === 'admin' && actor.school_id !== null;
      for (const g of targets) {
        const mayUse = managed.has(g.id) || (schoolAdmin && g.school_id === actor.school_id);
        if (!mayUse) throw new AppError('forbidden', 'You do not manage this group');
        if (g.confirm_type === 'suspended')
          throw new AppError('forbidden', 'This group is suspended');
      }
      const schools = new Set(targets.map((g) => g.school_id));
      if (schools.size !== 1) throw new AppError('badRequest', 'The groups belong to one school');
      const schoolId = targets[0]!.school_id;
      if (!isProviderRole(actor.role) && actor.school_id !== null && actor.school_id !== schoolId)
        throw new AppError('forbidden', 'Another school');

      const school = await app.db
        .selectFrom('schools')
        .select('name')
        .where('id', '=', schoolId)
        .executeTakeFirst();
      await assertPasswordPolicy(b.password, b.role, {
        account: b.id,
        displayName: b.displayName,
        school: school?.name ?? null,
      });

      const taken = await app.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['account']), '=', b.id.toLowerCase()))
        .executeTakeFirst();
      if (taken)
        throw new AppError('conflict', 'This account name is taken', [
          { path: 'id', message: 'taken' },
        ]);

      const passwordHash = await hashPassword(b.password);
      const created = await app.db.transaction().execute(async (trx) => {
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
        item: {
          id: created.id,
          account: created.account,
          role: created.role,
          groupIds: targets.map((g) => g.id),
        },
      };
    },
  );
}
