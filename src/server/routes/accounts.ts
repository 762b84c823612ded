import { CreateUserRequest, CreateUserResponse } from '../../contracts/api/catalogue';
import { createAccount } from '../users/accounts';
import type { App } from '../http/app-type';

/**
 * POST /v1/user: staff create accounts for their school's groups (issue 14); the rules are in
 * users/accounts.ts (`createAccount`).
 */
export async function accountRoutes(app: App): Promise<void> {
  app.post(
    '/v1/user',
    { schema: { body: CreateUserRequest, response: { 200: CreateUserResponse } } },
    async (req) => {
      const { user: actor } = await app.auth.require(req);
      const scope = await app.permissions.subject(actor);
      return { item: await createAccount(app.db, scope, req.body) };
    },
  );
}
