import {
  PushKeyResponse,
  PushSubscriptionJson,
  PushTokenDeleteRequest,
  PushTokenRequest,
  PushTokenResponse,
} from '../../contracts/api/push';
import { AppError, badRequestFrom } from '../http/errors';
import { PushEndpointRefused } from '../push/push-service';
import { removeSubscription } from '../push/repository';
import { LEGACY_PREFIX } from '../http/legacy-aliases';
import type { App } from '../http/app-type';

/**
 * POST {path}: the older service's POST /token (pushToken, userId), served at /v1/push/token and
 * exported so the older-service prefix can mount the same handler under its own path. A
 * subscription belongs to one user: a browser that signs in as someone else moves to them. An
 * endpoint the outbound guard refuses (not https, not a known push service, a private address)
 * answers 400 pushEndpointRefused and stores nothing.
 */
function registerPushToken(app: App, path: string): void {
  app.post(
    path,
    { schema: { body: PushTokenRequest, response: { 200: PushTokenResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (req.body.userId !== user.id) throw new AppError('forbidden', 'Not your account');
      let raw: unknown;
      try {
        raw = JSON.parse(req.body.pushToken);
      } catch {
        throw new AppError('badRequest', 'pushToken is not a subscription', [
          { path: 'pushToken', message: 'must be a PushSubscription as JSON' },
        ]);
      }
      const parsed = PushSubscriptionJson.safeParse(raw);
      if (!parsed.success) throw badRequestFrom(parsed.error, 'pushToken is not a subscription');
      try {
        await app.push.register(user.id, parsed.data);
      } catch (error) {
        if (error instanceof PushEndpointRefused) {
          throw new AppError(
            'pushEndpointRefused',
            'The subscription is not at a known push service over https',
            [{ path: 'pushToken.endpoint', message: error.reason }],
          );
        }
        throw error;
      }
      return { ok: true as const };
    },
  );
}

export async function pushRoutes(app: App): Promise<void> {
  app.get('/v1/push/key', { schema: { response: { 200: PushKeyResponse } } }, async (req) => {
    await app.auth.require(req);
    return { publicKey: await app.push.publicKey() };
  });
  registerPushToken(app, '/v1/push/token');
  registerPushToken(app, `${LEGACY_PREFIX}/token`);
  app.delete(
    '/v1/push/token',
    { schema: { body: PushTokenDeleteRequest, response: { 200: PushTokenResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await removeSubscription(app.db, await app.permissions.subject(user), req.body.endpoint);
      return { ok: true as const };
    },
  );
}
