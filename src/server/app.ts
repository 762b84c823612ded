import { mkdirSync } from 'node:fs';
import compress from '@fastify/compress';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pictureSigningSerializer } from './http/picture-signing';
import { LoginThrottle } from './auth/login-throttle';
import { Permissions } from './auth/permissions';
import { resolveJwtSecret } from './auth/secret';
import { AuthService } from './auth/service';
import { TokenService } from './auth/tokens';
import type { Config } from './config';
import { queueGaugeOf, type Db } from './db/database';
import { AppError, errorHandler } from './http/errors';
import { createErrorReporter, type ErrorReporter } from './error-reporting';
import { registerStatic } from './http/static';
import {
  cspDirectives,
  registerDocumentOnlyHeaders,
  registerNoStore,
} from './http/security-headers';
import { registerControlCharGuard } from './http/control-chars';
import { registerAccessGate } from './http/access';
import { registerRouteTable } from './http/route-table';
import { logSerializers } from './http/log-redaction';
import { registerSignedUploads, UploadSigner } from './http/signed-uploads';
import { PictureScreener, type ReadPicture } from './pictures/screener';
import { MemoryRoomBus, type RoomBus } from './realtime/bus';
import { systemClock, type ServerClock } from './clock';
import { registerRealtimeHub, type RealtimeHub } from './realtime/hub';
import { RedisRoomBus } from './realtime/redis-bus';
import { openFirebaseAdmin, type FirebaseAdmin } from './firestore/admin';
import { FirestoreMirror, MirroredRoomBus } from './firestore/mirror';
import { realtimeRoutes } from './routes/realtime';
import { registerRoomHub, type RoomHub } from './realtime/rooms';
import { registerSessionFeed } from './realtime/session-feed';
import { activeFamiliesQuery } from './realtime/signed-in';
import { authRoutes } from './routes/auth';
import { groupRoutes } from './routes/groups';
import { groupSettingsRoutes } from './routes/group-settings';
import { healthRoutes } from './routes/health';
import { clientConfigRoutes } from './routes/client-config';
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
import type { App } from './http/app-type';
import { userRoutes } from './routes/users';
import { voteRoutes } from './routes/votes';
import { feedbackRoutes } from './routes/feedbacks';
import { actionRoutes } from './routes/actions';
import { violationRoutes } from './routes/violations';
import { translationRoutes } from './routes/translation';
import { reportRoutes } from './routes/reports';
import { moderationRoutes } from './routes/moderation';
import { studioRoutes } from './routes/studio';
import { legacyAliasRoutes } from './routes/legacy';
import { olderServiceRoutes } from './routes/older-service';
import { accountRoutes } from './routes/accounts';
import { tagRoutes } from './routes/tags';
import { activityRoutes } from './routes/activities';
import { ReportScheduler } from './reports/scheduler';
import { PushService } from './push/push-service';
import { adultsOf, CONCERN_PUSH_TEXT, onConcernKept } from './safeguarding/concerns';
import { DeviceCookies } from './auth/device-cookie';
import { pushOutboundPolicy, type OutboundPolicy } from './http/outbound';
import { pushRoutes } from './routes/push';
import { concernRoutes } from './routes/concerns';
import { registerPressureRelief } from './http/pressure';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    auth: AuthService;
    permissions: Permissions;
    /** The WebSocket hub at /ws; room features register their message handlers on it. */
    realtime: RealtimeHub;
    /** Rooms on the hub (catch-up from the log, counters). */
    roomHub: RoomHub;
    /** Sentry for unexpected errors; null when SENTRY_DSN is unset (issue 14). */
    errorReporter: ErrorReporter | null;
    /** Web Push to subscribed browsers (issue 14). */
    push: PushService;
    /** Signed device cookies of the login throttle (auth/device-cookie.ts). */
    deviceCookies: DeviceCookies;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** A migrated database (see createDatabase and migrateToLatest). The app does not close it. */
  db: Db;
  /** A pino logger, `false` for none; defaults to pino at config.logLevel. */
  logger?: FastifyBaseLogger | boolean;
  /** Where the default logger writes (stdout when absent); tests read the log through it. */
  logStream?: { write(line: string): unknown };
  /** The server's one clock (src/server/clock.ts); tests may inject another. */
  clock?: ServerClock;
  /** Outbound requests (Web Push): tests inject the resolver and transport, never the network. */
  outbound?: Partial<OutboundPolicy>;
  /** How output pictures are read (OCR and model); the screening thread when absent. */
  readPicture?: ReadPicture;
}

/** JSON bodies above this are refused with 413 payloadTooLarge (uploads use multipart). */
const JSON_BODY_LIMIT = 256 * 1024;

/**
 * The HTTP app in three rings: external plugins (security, rate limit, validation, websocket),
 * app services decorated on the instance (db, config, auth, permissions), then routes. Returns a
 * ready instance: `app.inject` works at once, `app.listen` serves it.
 */
export async function buildApp({
  config,
  db,
  logger,
  logStream,
  clock = systemClock,
  outbound,
  readPicture,
}: BuildAppOptions): Promise<App> {
  const loggerOptions =
    logger === undefined
      ? {
          // Request URLs are logged with credentials redacted (http/log-redaction.ts).
          logger: {
            level: config.logLevel,
            serializers: logSerializers,
            ...(logStream ? { stream: logStream } : {}),
          },
        }
      : typeof logger === 'boolean'
        ? { logger }
        : { loggerInstance: logger };
  // One instance seen two ways: `server` by the plumbing that reads no route schema, `app` (zod
  // typed bodies, queries and params) by everything that defines routes.
  const server: FastifyInstance = Fastify({
    ...loggerOptions,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // While shutting down, new requests get 503 so a load balancer retries elsewhere.
    return503OnClosing: true,
  });
  const app: App = server.withTypeProvider<ZodTypeProvider>();

  // Ring 1: plugins.
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  registerNoStore(server);
  registerControlCharGuard(server);
  registerRouteTable(server);
  await app.register(helmet, {
    // Every source named (issue 8): see http/security-headers.ts.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    // OpenID popups post their result back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  registerDocumentOnlyHeaders(server);
  const secret = await resolveJwtSecret(db, config.jwtSecret);
  // Answers sign the pictures their schemas declare; bodies get them back unsigned.
  const signer = new UploadSigner(secret, config.uploads.urlTtlS);
  app.setSerializerCompiler(pictureSigningSerializer((url) => signer.sign(url)));
  const uploadsDir = join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  registerSignedUploads(server, { signer, uploadsDir });
  const tokens = new TokenService(
    db,
    secret,
    config.accessTokenTtlS,
    config.refreshTokenTtlS,
    config.refreshGraceS,
  );
  const auth = new AuthService(
    db,
    tokens,
    new LoginThrottle(db, config.login),
    config.authUserCacheMs,
  );
  // Any call that is not a read may change a user, a group or a token family: cached callers
  // are looked up again, before this answer reaches the client (auth/user-cache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
      auth.changed();
    return payload;
  });
  // Shed API calls at once while the server is behind, before the rate limiter reads a token
  // (http/pressure.ts, issue 30).
  await registerPressureRelief(server, config.pressure, queueGaugeOf(db));
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // A signed-in caller has a budget of their own: a whole school shares one address behind
    // its router, and thirty pupils in a room must not exhaust each other's. Anonymous calls
    // (login, refresh) are counted per address; a forged token simply counts per address too.
    // The verification is memoised per request: auth.require reuses it (issue 10).
    keyGenerator: async (req) => {
      const claims = await auth.claimsOf(req);
      return claims ? `user:${claims.sub}` : `ip:${req.ip}`;
    },
    // Media segments and client assets are not API calls: a class behind one school address
    // fetches hundreds of them a minute. Nor is the /ws upgrade: it carries no token (that is
    // its first message), so it could only count per address, and a school reconnecting after
    // a deploy would lock itself out; a socket has its own budget and 10 s to authenticate.
    allowList: (req) => !/^\/(v0|v1|v2)(\/|$|\?)/.test(req.url),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('tooManyRequests', 'Too many requests', undefined, {
        'retry-after': String(Math.max(1, Math.ceil(ctx.ttl / 1000))),
      }),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Dynamic answers above 1 KB (lists of /v1 JSON) go out in brotli or gzip as the client asks;
  // the built client is compressed once at build time (http/static.ts). Before @fastify/static,
  // as the plugin asks. Request bodies are never inflated: a zip bomb must not reach a route.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  // Every route's access rule, right after the rate limiter and before anything the caller sent
  // is read; a route without a rule stops the start (issue 25). Before any route is registered.
  registerAccessGate(server, (req) => app.auth.require(req));

  // Ring 2: app services.
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('auth', auth);
  app.decorate('deviceCookies', new DeviceCookies(secret));
  const errorReporter = config.errorReporting.server
    ? createErrorReporter(config.errorReporting.server)
    : null;
  app.decorate('errorReporter', errorReporter);
  // What is queued still leaves when the server stops.
  if (errorReporter) app.addHook('onClose', async () => void (await errorReporter.flush()));
  app.decorate(
    'push',
    new PushService(
      db,
      config.publicUrl ?? `mailto:push@${config.host === '0.0.0.0' ? 'localhost' : config.host}`,
      app.log,
      pushOutboundPolicy(config.pushAllowedHosts, {
        devOrigin: config.pushDevOrigin,
        ...outbound,
      }),
    ),
  );
  // A new safeguarding concern reaches the adults of the writer's groups on their subscribed
  // browsers too (issue 26); the words stay on /concerns.
  const stopConcernPush = onConcernKept(db, (writerId) => {
    void adultsOf(db, writerId)
      .then((adults) => {
        for (const adult of adults) {
          void app.push.notify(adult, (lang) => ({
            title: 'Tomoni',
            body: CONCERN_PUSH_TEXT[lang],
            url: '/concerns',
            tag: 'concern',
          }));
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'concern notification failed'));
  });
  app.addHook('onClose', async () => stopConcernPush());
  app.decorate('permissions', new Permissions(db, (key, load) => auth.remember(key, load)));
  // Rooms fan out in process by default; REDIS_URL shares them between server instances.
  const baseBus: RoomBus = config.redisUrl
    ? new RedisRoomBus({ url: config.redisUrl, onError: (e) => app.log.error({ err: e }, 'redis') })
    : new MemoryRoomBus((e) => app.log.error({ err: e }, 'room bus listener failed'));
  // REALTIME_BACKEND=firestore: everything the bus carries is also written to Firestore.
  const firebase =
    config.realtime.backend === 'firestore' ? openFirebaseAdmin(config.realtime) : null;
  const mirror = firebase ? new FirestoreMirror(firebase.firestore, db, app.log, clock) : null;
  const roomBus: RoomBus = mirror ? new MirroredRoomBus(baseBus, mirror) : baseBus;
  app.decorate('roomBus', roomBus);
  app.decorate('firebase', firebase);
  app.decorate('firestoreMirror', mirror);
  app.addHook('onClose', async () => {
    await roomBus.close();
    await firebase?.close();
  });
  // Built here, started by main.ts: tests and one-off scripts never run the timer.
  const reportScheduler = new ReportScheduler(db, app.log, config.reports.timeZone);
  app.decorate('reportScheduler', reportScheduler);
  app.addHook('onClose', () => reportScheduler.stop());
  // Output pictures are screened off the request path (issue 26); main.ts warms and resumes it.
  const pictures = new PictureScreener(
    db,
    uploadsDir,
    app.log,
    readPicture ? { read: readPicture } : {},
  );
  app.decorate('pictures', pictures);
  app.addHook('onClose', () => pictures.close());

  // Ring 3: routes.
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(oauthRoutes, { secret });
  await app.register(meRoutes);
  await app.register(userRoutes);
  await app.register(groupRoutes);
  await app.register(groupSettingsRoutes);
  await app.register(permissionRoutes);
  await app.register(locationRoutes);
  await app.register(realtimeRoutes);
  app.decorate(
    'realtime',
    await registerRealtimeHub(server, {
      auth: app.auth,
      clock,
      activeFamilies: activeFamiliesQuery(db),
      authCheckMs: config.ws.authCheckMs,
      authTimeoutMs: config.ws.authTimeoutMs,
      messagesPerSecond: config.ws.messagesPerSecond,
      messageBurst: config.ws.messageBurst,
    }),
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
  await app.register(concernRoutes);
  await app.register(pushRoutes);
  await app.register(studioRoutes);
  await app.register(olderServiceRoutes);
  await app.register(accountRoutes);
  await app.register(tagRoutes);
  await app.register(activityRoutes);
  // Last: the older service's aliases reuse the /v1 routes registered above.
  await app.register(legacyAliasRoutes);
  const roomHub = registerRoomHub(server, {
    hub: app.realtime,
    db,
    bus: roomBus,
    now: clock,
    statusIntervalMs: config.ws.statusIntervalMs,
    headIntervalMs: config.ws.headIntervalMs,
  });
  app.decorate('roomHub', roomHub);
  registerSessionFeed(server, {
    hub: app.realtime,
    db,
    bus: roomBus,
    permissions: app.permissions,
  });

  await registerStatic(server, {
    mediaDir: config.mediaDir,
    clientDir: config.clientDir,
  });

  await app.ready();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** firebase-admin when REALTIME_BACKEND=firestore, else null. */
    firebase: FirebaseAdmin | null;
    /** The Firestore writer behind the room bus (REALTIME_BACKEND=firestore), else null. */
    firestoreMirror: FirestoreMirror | null;
  }
}
