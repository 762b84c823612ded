import { PermissionParams, PermissionQuery, PermissionResponse } from '../../contracts/api/users';
import type { App } from '../http/app-type';

export async function permissionRoutes(app: App): Promise<void> {
  app.get(
    '/v1/permission/:name',
    {
      schema: {
        params: PermissionParams,
        querystring: PermissionQuery,
        response: { 200: PermissionResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      return {
        isPermitted: await app.permissions.check(req.params.name, user, req.query.sessionId),
      };
    },
  );
}
