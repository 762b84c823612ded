import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { LoginThrottle } from './auth/login-throttle';
import { Permissions } from './auth/permissions';
import { resolveJwtSecret } from './auth/secret';
import { AuthService, bearerOf } from './auth/service';
import { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/database';
import { AppError, errorHandler } from './http/errors';
import { registerStatic } from './http/static';
import { MemoryRoomBus, type RoomBus } from './realtime/bus';
import { registerRealtimeHub, type RealtimeHub } from './realtime/hub';
import { RedisRoomBus } from './realtime/redis-bus';
import { registerRoomHub } from './realtime/rooms';
import { authRoutes } from './routes/auth';
import { groupRoutes } from './routes/groups';
import { groupSettingsRoutes } from './routes/group-settings';
import { healthRoutes } from './routes/health';
import { locationRoutes } from './routes/location';
import { meRoutes } from './routes/me';
import { oauthRoutes } from './routes/oauth';
import { notificationRoutes } from './routes/notifications';
import { outputRoutes } from './routes/outputs';
import { projectRoutes } from './routes/projects';
import { commentRoutes } from './routes/comments';
import { followRoutes } from './routes/follows';
import { profileListRoutes } from './routes/profile-lists';
import { reflectionRoutes } from './routes/reflections';
import { permissionRoutes } from './routes/permissions';
import { sessionRoutes } from './routes/sessions';
import { streamRoutes } from './routes/streams';
import type { App } from './routes/types';
import { userRoutes } from './routes/users';
import { voteRoutes } from './routes/votes';
import { feedbackRoutes } from './routes/feedbacks';
import { actionRoutes } from './routes/actions';
import { violationRoutes } from './routes/violations';
import { translationRoutes } from './routes/translation';
import { reportRoutes } from './routes/reports';
import { moderationRoutes } from './routes/moderation';
import { ReportScheduler } from './reports/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    auth: AuthService;
    permissions: Permissions;
    /** The WebSocket hub at /ws; room features register their message handlers on it. */
    realtime: RealtimeHub;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A migrated database (see createDatabase and migrateToLatest). The app does not close it. */
  db: Db;
  /** A pino logger, `false` for none; defaults to pino at config.logLevel. */
  logger?: FastifyBaseLogger | boolean;
}

/** JSON bodies above this are refused with 413 payloadTooLarge (uploads use multipart). */
export const JSON_BODY_LIMIT = 256 * 1024;

/**
 * The HTTP app in three rings: external plugins (security, rate limit, validation, websocket),
 * app services decorated on the instance (db, config, auth, permissions), then routes. Returns a
 * ready instance: `app.inject` works at once, `app.listen` serves it.
 */
export async function buildApp({ config, db, logger }: BuildAppOptions): Promise<App> {
  const loggerOptions =
    logger === undefined
      ? { logger: { level: config.logLevel } }
      : typeof logger === 'boolean'
        ? { logger }
        : { loggerInstance: logger };
  const app = Fastify({
    ...loggerOptions,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // While shutting down, new requests get 503 so a load balancer retries elsewhere.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Ring 1: plugins.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // WebAssembly compilation only (the HEIC decoder); string eval stays forbidden.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Mantine writes style attributes and <style> tags at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // hls.js plays through MediaSource (blob:); videos may also come from a CDN.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        // The policy page embeds a 16:9 video.
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // OpenID popups post their result back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const secret = await resolveJwtSecret(db, config.jwtSecret);
  const tokens = new TokenService(db, secret, config.accessTokenTtlS, config.refreshTokenTtlS);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // A signed-in caller has a budget of their own: a whole school shares one address behind
    // its router, and thirty pupils in a room must not exhaust each other's. Anonymous calls
    // (login, refresh) are counted per address; a forged token simply counts per address too.
    keyGenerator: async (req) => {
      const token = bearerOf(req.headers.authorization) ?? wsTokenOf(req.url);
      const claims = token ? await tokens.verifyAccess(token) : null;
      return claims ? `user:${claims.sub}` : `ip:${req.ip}`;
    },
    // Media segments and client assets are not API calls: a class behind one school address
    // fetches hundreds of them a minute.
    allowList: (req) => !/^\/(v1|v2|ws)(\/|$|\?)/.test(req.url),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('tooManyRequests', 'Too many requests', undefined, {
        'retry-after': String(Math.max(1, Math.ceil(ctx.ttl / 1000))),
      }),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // Ring 2: app services.
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('auth', new AuthService(db, tokens, new LoginThrottle(db, config.login)));
  app.decorate('permissions', new Permissions(db));
  // Rooms fan out in process by default; REDIS_URL shares them between server instances.
  const roomBus: RoomBus = config.redisUrl
    ? new RedisRoomBus({ url: config.redisUrl, onError: (e) => app.log.error({ err: e }, 'redis') })
    : new MemoryRoomBus((e) => app.log.error({ err: e }, 'room bus listener failed'));
  app.decorate('roomBus', roomBus);
  app.addHook('onClose', () => roomBus.close());
  // Built here, started by main.ts: tests and one-off scripts never run the timer.
  const reportScheduler = new ReportScheduler(db, app.log, config.reports.timeZone);
  app.decorate('reportScheduler', reportScheduler);
  app.addHook('onClose', () => reportScheduler.stop());

  // Ring 3: routes.
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(oauthRoutes, { secret });
  await app.register(meRoutes);
  await app.register(userRoutes);
  await app.register(groupRoutes);
  await app.register(groupSettingsRoutes);
  await app.register(permissionRoutes);
  await app.register(locationRoutes);
  app.decorate(
    'realtime',
    await registerRealtimeHub(app as unknown as FastifyInstance, { auth: app.auth }),
  );
  await app.register(streamRoutes);
  await app.register(sessionRoutes);
  await app.register(voteRoutes);
  await app.register(commentRoutes);
  await app.register(followRoutes);
  await app.register(profileListRoutes);
  await app.register(reflectionRoutes);
  await app.register(notificationRoutes);
  await app.register(projectRoutes);
  await app.register(outputRoutes);
  await app.register(feedbackRoutes);
  await app.register(actionRoutes);
  await app.register(violationRoutes);
  await app.register(translationRoutes);
  await app.register(reportRoutes);
  await app.register(moderationRoutes);
  registerRoomHub(app as unknown as FastifyInstance, { hub: app.realtime, db, bus: roomBus });

  const uploadsDir = join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await registerStatic(app as unknown as FastifyInstance, {
    mediaDir: config.mediaDir,
    uploadsDir,
    clientDir: config.clientDir,
  });

  await app.ready();
  return app;
}

/** The access token a WebSocket upgrade carries in its query (`/ws?token=…`), if any. */
function wsTokenOf(url: string): string | null {
  if (!url.startsWith('/ws')) return null;
  const token = new URL(url, 'http://localhost').searchParams.get('token');
  return token && token.length <= 4096 ? token : null;
}
