import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDatabase, migrateToLatest } from './db/database';
import { seedDemo } from './seed/demo';

/**
 * `npm start` / `tsx src/server/main.ts`: config → database → migrations → demo seed (first start
 * only) → app → listen. SIGINT and SIGTERM close the server and the database cleanly.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const db = createDatabase(config);
  await migrateToLatest(db);
  const app = await buildApp({ config, db });

  if (config.seedDemo) {
    const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (!anyUser) {
      const result = await seedDemo(db);
      app.log.info(result, 'demo data seeded');
    }
  }

  // Class report aggregates at REPORT_REFRESH_TIMES (and once now if never built).
  await app.reportScheduler.start();
  // The picture screening thread loads its models once, now, and reads what was left queued.
  app.pictures.thread
    ?.warm()
    .catch((err: unknown) => app.log.error({ err }, 'picture screening warm-up failed'));
  app.pictures.resume();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `Tomoni is running at http://${shownHost}:${config.port} on Node ${process.version} (database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.pgliteDir}`})`,
  );
}

main().catch((err: unknown) => {
  console.error('Tomoni failed to start:', err);
  process.exit(1);
});
