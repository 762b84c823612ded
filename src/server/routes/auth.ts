import {
  AuthCheckResponse,
  AuthTokens,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  UnlockAccountResponse,
  V2AuthResponse,
} from '../../contracts/api/auth';
import { UserIdParams } from '../../contracts/api/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceSetCookie } from '../auth/device-cookie';
import { mayUnlockAccountOf } from '../auth/unlock';
import { bearerOf } from '../auth/service';
import { AppError } from '../http/errors';
import { resolveUser } from '../users/visibility';
import type { App } from '../http/app-type';

export async function authRoutes(app: App): Promise<void> {
  // Logins are not counted per address by the general rate limit: a school signs in from one
  // address, and successful logins must never count against it. The login throttle
  // (auth/login-throttle.ts) limits failures per account, per pair and made-up names per address.
  const loginConfig = { rateLimit: false } as const;
  const loginSchema = { body: LoginRequest, response: { 200: AuthTokens } };

  // A browser that signed in to the account before presents its device cookie and is judged by
  // its own failures (auth/device-cookie.ts, issue 25 hole 6); a success renews the cookie.
  const login = async (req: FastifyRequest<{ Body: LoginRequest }>, reply: FastifyReply) => {
    const { username, password } = req.body;
    const device = app.deviceCookies.deviceFor(req.headers.cookie, username);
    const pair = await app.auth.login(username, password, req.ip, device);
    reply.header(
      'set-cookie',
      deviceSetCookie(
        app.deviceCookies.valueAfterLogin(req.headers.cookie, username),
        req.protocol === 'https',
      ),
    );
    return pair;
  };
  app.post('/v1/auth/login', { schema: loginSchema, config: loginConfig }, login);
  app.post('/v2/auth', { schema: loginSchema, config: loginConfig }, login);

  // A token check: answers the presented access token, mints nothing (issue 8, item 10).
  app.get('/v2/auth', { schema: { response: { 200: V2AuthResponse } } }, async (req) => {
    await app.auth.require(req);
    return { isAuthenticated: true, token: bearerOf(req.headers.authorization) ?? '' };
  });

  app.post(
    '/v1/auth/refresh',
    {
      schema: { body: RefreshRequest, response: { 200: AuthTokens } },
      // A live refresh token is limited per token family, never per address; a made-up or dead
      // one counts against its address (after the body is parsed, hence preHandler).
      config: {
        rateLimit: {
          hook: 'preHandler',
          keyGenerator: async (req) => {
            const parsed = RefreshRequest.safeParse(req.body);
            const family = parsed.success
              ? await app.auth.tokens.liveFamilyOf(parsed.data.refreshToken)
              : null;
            return family ? `family:${family}` : `ip:${req.ip}`;
          },
        },
      },
    },
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

  // A teacher lets a pupil sign in again at once: every login delay of the account ends.
  app.post(
    '/v1/user/:id/unlock',
    { schema: { params: UserIdParams, response: { 200: UnlockAccountResponse } } },
    async (req) => {
      const { user: actor } = await app.auth.require(req);
      // Someone one may not even see answers like someone who does not exist.
      const target = await resolveUser(app.db, await app.permissions.subject(actor), req.params.id);
      if (!target) throw new AppError('notFound', 'User not found');
      if (!(await mayUnlockAccountOf(app.db, app.permissions, actor, target))) {
        throw new AppError('forbidden', 'You may not unlock this account');
      }
      return { cleared: await app.auth.unlock(target.account) };
    },
  );
}
