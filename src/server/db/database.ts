import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config';
import { migrationProvider } from './migrations';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread';
import { gaugedDialect, QueueGauge } from './queue-gauge';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const gauges = new WeakMap<Db, QueueGauge>();

/**
 * How long queries have been waiting for a connection of `db` (see QueueGauge); a database not
 * made by createDatabase has a gauge that always reads 0.
 */
export const queueGaugeOf = (db: Db): QueueGauge => gauges.get(db) ?? new QueueGauge();

function open(dialect: Dialect): Db {
  const gauge = new QueueGauge();
  const db = new Kysely<Database>({ dialect: gaugedDialect(dialect, gauge) });
  gauges.set(db, gauge);
  return db;
}

export interface DatabaseOptions {
  /**
   * PostgreSQL only: the schema every connection uses (`search_path`). Tests give each app its
   * own schema so one server can host many isolated runs.
   */
  searchPath?: string;
  /**
   * PGlite only: start from this dump (`PGlite.dumpDataDir()`) instead of an empty cluster.
   * Tests use a migrated template so each test database skips initdb and the migrations.
   */
  pgliteLoadDataDir?: Blob;
}

/**
 * A Kysely instance over PostgreSQL when DATABASE_URL is set, else over embedded PGlite in
 * `config.pgliteDir` (`memory://` keeps it in memory), in a worker thread when
 * `config.pgliteWorker` (PGLITE_WORKER, the server's default) and on this thread otherwise. `db.destroy()` closes the pool or PGlite.
 */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'> & Partial<Pick<Config, 'pgliteWorker'>>,
  options: DatabaseOptions = {},
): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(options.searchPath
        ? { options: `-c search_path=${quoteIdent(options.searchPath)}` }
        : {}),
    });
    return open(new PostgresDialect({ pool }));
  }
  const inMemory = config.pgliteDir.startsWith('memory://');
  if (!inMemory) mkdirSync(config.pgliteDir, { recursive: true });
  const pgliteOptions = {
    ...(inMemory ? {} : { dataDir: config.pgliteDir }),
    ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
  };
  const dialect = config.pgliteWorker
    ? new PGliteThreadDialect(new PGliteThread(pgliteOptions))
    : new PGliteDialect(new PGlite(pgliteOptions));
  return open(dialect);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe schema name: ${name}`);
  return name;
}

/**
 * Runs every pending migration; safe to call on every start (already-run ones are skipped).
 * `schema` must name the search_path schema when one is used: Kysely looks for its bookkeeping
 * tables in every schema otherwise, and would find another test's.
 */
export async function migrateToLatest(
  db: Db,
  options: { schema?: string } = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${detail}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
