import { FollowResponse, UserListResponse } from '../../contracts/api/profile';
import { UserIdParams } from '../../contracts/api/users';
import type { Subject } from '../auth/permissions';
import { AppError } from '../http/errors';
import { follow, followList, unfollow } from '../users/follows';
import { requireVisibleUser } from '../users/profile-lists';
import type { App } from '../http/app-type';

/**
 * Who follows whom. Following needs the `follow` permission and a user one may see (same school,
 * or provider staff); following oneself is a 400. Lists show only users the viewer may see.
 */
export async function followRoutes(app: App): Promise<void> {
  const target = async (scope: Subject, id: string) => {
    const user = await requireVisibleUser(app.db, scope, id);
    if (user.id === scope.userId) {
      throw new AppError('badRequest', 'You cannot follow yourself', [
        { path: 'id', message: 'self' },
      ]);
    }
    return user;
  };

  app.post(
    '/v1/follow/:id',
    { schema: { params: UserIdParams, response: { 200: FollowResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const followee = await target(scope, req.params.id);
      if (!(await app.permissions.check('follow', user))) {
        throw new AppError('forbidden', 'Not permitted: follow');
      }
      await follow(app.db, scope, followee);
      return { isFollowing: true };
    },
  );

  app.delete(
    '/v1/follow/:id',
    { schema: { params: UserIdParams, response: { 200: FollowResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const followee = await target(scope, req.params.id);
      // Unfollowing needs no permission: anyone may stop following.
      await unfollow(app.db, scope, followee);
      return { isFollowing: false };
    },
  );

  app.get('/v1/follows', { schema: { response: { 200: UserListResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    const scope = await app.permissions.subject(user);
    return { items: await followList(app.db, scope, user, 'follows') };
  });

  app.get('/v1/followers', { schema: { response: { 200: UserListResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    const scope = await app.permissions.subject(user);
    return { items: await followList(app.db, scope, user, 'followers') };
  });

  app.get(
    '/v1/user/:id/follows',
    { schema: { params: UserIdParams, response: { 200: UserListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const owner = await requireVisibleUser(app.db, scope, req.params.id);
      return { items: await followList(app.db, scope, owner, 'follows') };
    },
  );

  app.get(
    '/v1/user/:id/followers',
    { schema: { params: UserIdParams, response: { 200: UserListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const owner = await requireVisibleUser(app.db, scope, req.params.id);
      return { items: await followList(app.db, scope, owner, 'followers') };
    },
  );
}
