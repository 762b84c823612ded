import { FollowResponse, UserListResponse } from '../../contracts/api/profile';
import { UserIdParams } from '../../contracts/api/users';
import type { PublicUser } from '../../contracts/entities';
import { AppError } from '../http/errors';
import type { UserRow } from '../users/repository';
import { maySeeSchoolOf, publicUsers, wireUser } from '../users/public-users';
import { requireVisibleUser } from './profile-lists';
import type { App } from '../http/app-type';

/** The most users one follow list returns (newest first). */
export const FOLLOW_LIST_MAX = 500;

/**
 * Who follows whom. Following needs the `follow` permission and a user one may see (same school,
 * or provider staff); following oneself is a 400. Lists show only users the viewer may see.
 */
export async function followRoutes(app: App): Promise<void> {
  async function listOf(
    viewer: UserRow,
    userId: string,
    direction: 'followers' | 'follows',
  ): Promise<PublicUser[]> {
    const rows =
      direction === 'followers'
        ? await app.db
            .selectFrom('follows')
            .select(['follower_id as id', 'created_at'])
            .where('followee_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(FOLLOW_LIST_MAX)
            .execute()
        : await app.db
            .selectFrom('follows')
            .select(['followee_id as id', 'created_at'])
            .where('follower_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(FOLLOW_LIST_MAX)
            .execute();
    const users = await publicUsers(
      app.db,
      viewer,
      rows.map((r) => r.id),
    );
    return rows.flatMap((r) => {
      const u = users.get(r.id);
      return u && maySeeSchoolOf(viewer, u) ? [wireUser(u)] : [];
    });
  }

  const target = async (viewer: UserRow, id: string) => {
    const user = await requireVisibleUser(app, viewer, id);
    if (user.id === viewer.id) {
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
      const followee = await target(user, req.params.id);
      if (!(await app.permissions.check('follow', user))) {
        throw new AppError('forbidden', 'Not permitted: follow');
      }
      await app.db
        .insertInto('follows')
        .values({ follower_id: user.id, followee_id: followee.id })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .execute();
      return { isFollowing: true };
    },
  );

  app.delete(
    '/v1/follow/:id',
    { schema: { params: UserIdParams, response: { 200: FollowResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const followee = await target(user, req.params.id);
      // Unfollowing needs no permission: anyone may stop following.
      await app.db
        .deleteFrom('follows')
        .where('follower_id', '=', user.id)
        .where('followee_id', '=', followee.id)
        .execute();
      return { isFollowing: false };
    },
  );

  app.get('/v1/follows', { schema: { response: { 200: UserListResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    return { items: await listOf(user, user.id, 'follows') };
  });

  app.get('/v1/followers', { schema: { response: { 200: UserListResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    return { items: await listOf(user, user.id, 'followers') };
  });

  app.get(
    '/v1/user/:id/follows',
    { schema: { params: UserIdParams, response: { 200: UserListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const owner = await requireVisibleUser(app, user, req.params.id);
      return { items: await listOf(user, owner.id, 'follows') };
    },
  );

  app.get(
    '/v1/user/:id/followers',
    { schema: { params: UserIdParams, response: { 200: UserListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const owner = await requireVisibleUser(app, user, req.params.id);
      return { items: await listOf(user, owner.id, 'followers') };
    },
  );
}
