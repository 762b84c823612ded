import {
  MyActivitiesQuery,
  MyActivitiesResponse,
  UserFeedbacksResponse,
  UserMemosResponse,
  UserOutputsQuery,
  UserOutputsResponse,
  UserSessionsResponse,
  UserTagsResponse,
} from '../../contracts/api/profile';
import { UserIdParams } from '../../contracts/api/users';
import {
  nationwideActivities,
  requireVisibleUser,
  toMeActivities,
  userFeedbacks,
  userJoinedSessions,
  userMemos,
  userOutputs,
  userTags,
} from '../users/profile-lists';
import type { App } from '../http/app-type';

/** The lists of a profile page: outputs, feedback, sessions, tags, memos and the activity panel. */
export async function profileListRoutes(app: App): Promise<void> {
  app.get(
    '/v1/user/:id/outputs',
    {
      schema: {
        params: UserIdParams,
        querystring: UserOutputsQuery,
        response: { 200: UserOutputsResponse },
      },
    },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const scope = await app.permissions.subject(viewer);
      const target = await requireVisibleUser(app.db, scope, req.params.id);
      return { items: await userOutputs(app.db, scope, viewer, target, req.query) };
    },
  );

  app.get(
    '/v1/user/:id/feedbacks',
    { schema: { params: UserIdParams, response: { 200: UserFeedbacksResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const scope = await app.permissions.subject(viewer);
      const target = await requireVisibleUser(app.db, scope, req.params.id);
      return userFeedbacks(app.db, scope, target);
    },
  );

  app.get(
    '/v1/user/:id/sessions',
    { schema: { params: UserIdParams, response: { 200: UserSessionsResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const scope = await app.permissions.subject(viewer);
      const target = await requireVisibleUser(app.db, scope, req.params.id);
      return userJoinedSessions(app.db, scope, viewer, target);
    },
  );

  app.get(
    '/v1/user/:id/tags',
    { schema: { params: UserIdParams, response: { 200: UserTagsResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const scope = await app.permissions.subject(viewer);
      const target = await requireVisibleUser(app.db, scope, req.params.id);
      return { items: await userTags(app.db, scope, target) };
    },
  );

  app.get(
    '/v1/user/:id/memos',
    { schema: { params: UserIdParams, response: { 200: UserMemosResponse } } },
    async (req) => {
      const { user: viewer } = await app.auth.require(req);
      const scope = await app.permissions.subject(viewer);
      const target = await requireVisibleUser(app.db, scope, req.params.id);
      // Memos are private notes: not even a teacher reads a pupil's memos (403 in userMemos).
      return { items: await userMemos(app.db, scope, target) };
    },
  );

  app.get(
    '/v1/me/activities',
    { schema: { querystring: MyActivitiesQuery, response: { 200: MyActivitiesResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      const items =
        req.query.tab === 'toMe'
          ? await toMeActivities(app.db, scope)
          : await nationwideActivities(app.db, scope);
      return { items };
    },
  );
}
