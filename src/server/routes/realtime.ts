import { RealtimeConfigResponse, RealtimeTokenResponse } from '../../contracts/api/realtime';
import { claimsFor, mockUserToken } from '../firestore/identity';
import { AppError } from '../http/errors';
import type { App } from '../http/app-type';

/**
 * Where clients receive room events (REALTIME_BACKEND): GET /v1/realtime is public, so the client
 * learns the backend at start-up from the server, never from a rebuilt bundle. With Firestore,
 * POST /v1/realtime/token gives the signed-in user a Firebase identity carrying the claims the
 * security rules read (a custom token; on the emulator an unsigned mock token).
 */
export async function realtimeRoutes(app: App): Promise<void> {
  const realtime = app.config.realtime;

  app.get('/v1/realtime', { schema: { response: { 200: RealtimeConfigResponse } } }, () => {
    if (realtime.backend === 'ws') return { item: { backend: 'ws' as const } };
    const [host, port] = realtime.emulatorHost?.split(':') ?? [];
    return {
      item: {
        backend: 'firestore' as const,
        firebase: { projectId: realtime.projectId, ...realtime.web },
        emulator: host && port ? { host, port: Number(port) } : null,
      },
    };
  });

  app.post(
    '/v1/realtime/token',
    { schema: { response: { 200: RealtimeTokenResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      if (realtime.backend !== 'firestore' || !app.firebase) {
        throw new AppError('notFound', 'This server does not use Firestore');
      }
      const claims = await claimsFor(app.db, user);
      const custom = app.firebase.customToken(user.id, claims);
      return {
        item: custom
          ? { kind: 'custom' as const, token: await custom, uid: user.id, claims }
          : {
              kind: 'mock' as const,
              token: mockUserToken(realtime.projectId, user.id, claims, app.clock()),
              uid: user.id,
              claims,
            },
      };
    },
  );
}
