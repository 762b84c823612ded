import {
  AuthCheckResponse,
  AuthTokens,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  V2AuthResponse,
} from '../../contracts/api/auth';
import type { App } from './types';

export async function authRoutes(app: App): Promise<void> {
  const loginLimit = {
    rateLimit: {
      max: app.config.login.maxRequestsPerAddress,
      timeWindow: app.config.login.windowS * 1000,
    },
  };
  const loginSchema = { body: LoginRequest, response: { 200: AuthTokens } };

  app.post('/v1/auth/login', { schema: loginSchema, config: loginLimit }, async (req) =>
    app.auth.login(req.body.username, req.body.password, req.ip),
  );

  app.post('/v2/auth', { schema: loginSchema, config: loginLimit }, async (req) =>
    app.auth.login(req.body.username, req.body.password, req.ip),
  );

  app.get('/v2/auth', { schema: { response: { 200: V2AuthResponse } } }, async (req) => {
    const { user, familyId } = await app.auth.require(req);
    const pair = await app.auth.tokens.issuePair(user, familyId);
    return { isAuthenticated: true, ...pair };
  });

  app.post(
    '/v1/auth/refresh',
    { schema: { body: RefreshRequest, response: { 200: AuthTokens } }, config: loginLimit },
    async (req) => app.auth.refresh(req.body.refreshToken),
  );

  app.post('/v1/auth/logout', { schema: { body: LogoutRequest } }, async (req, reply) => {
    await app.auth.logout(req.body.refreshToken);
    return reply.status(204).send();
  });

  app.get('/v1/auth/check', { schema: { response: { 200: AuthCheckResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    return { isAuthenticated: true as const, userId: user.id };
  });
}
