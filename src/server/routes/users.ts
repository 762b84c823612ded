import {
  GetUserQuery,
  GetUserResponse,
  UpdateUserResponse,
  UserIdParams,
} from '../../contracts/api/users';
import { AppError } from '../http/errors';
import { profileCounts, profileEmotions } from '../users/profile';
import { findSchool, toPublicUser } from '../users/repository';
import { updateUser } from '../users/update-user';
import { resolveUser } from '../users/visibility';
import type { App } from '../http/app-type';

export async function userRoutes(app: App): Promise<void> {
  app.get(
    '/v1/user/:id',
    {
      schema: {
        params: UserIdParams,
        querystring: GetUserQuery,
        response: { 200: GetUserResponse },
      },
    },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const scope = await app.permissions.subject(viewer);
      const target = await resolveUser(app.db, scope, req.params.id);
      if (!target) throw new AppError('notFound', 'User not found');
      const [school, counts, emotions] = await Promise.all([
        findSchool(app.db, target.school_id),
        profileCounts(app.db, scope, target),
        req.query.withEmotion ? profileEmotions(app.db, scope, target) : Promise.resolve(undefined),
      ]);
      return {
        item: {
          ...toPublicUser(target, school, viewer),
          counts,
          ...(emotions ? { emotions } : {}),
        },
      };
    },
  );

  app.put(
    '/v1/user/:id',
    // The body is parsed in updateUser: a bad new password must answer weakPassword, not badRequest.
    { schema: { params: UserIdParams, response: { 200: UpdateUserResponse } } },
    async (req) => {
      const { user: actor, familyId } = await app.auth.require(req);
      // Someone not visible (or withdrawn) answers as a user that does not exist (no existence
      // oracle): the actor themself, provider staff and the actor's school pass.
      const target = await resolveUser(app.db, await app.permissions.subject(actor), req.params.id);
      if (!target) throw new AppError('notFound', 'User not found');
      const updated = await updateUser({
        db: app.db,
        permissions: app.permissions,
        tokens: app.auth.tokens,
        actor,
        actorFamilyId: familyId,
        target,
        body: req.body,
      });
      return { item: await app.permissions.me(updated, true) };
    },
  );
}
