import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '../db/database';
import type { Database } from '../db/schema';

/**
 * A dump of an in-memory PGlite cluster with every migration applied, cached in the temp
 * directory under a key made of the PGlite version and the migration sources. A fresh PGlite
 * runs initdb (seconds on a busy machine); loading this dump skips initdb and the migrations.
 * A changed migration changes the key, so a stale template is never used.
 */
const MIGRATIONS_DIR = join(import.meta.dirname, '../db/migrations');

let cached: Promise<Blob> | undefined;

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const pkg = await readFile(
    join(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json'),
    'utf8',
  );
  hash.update(JSON.parse(pkg).version as string);
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    hash.update(file);
    hash.update(await readFile(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function build(path: string): Promise<Blob> {
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    // Written aside and renamed, so a parallel worker never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, path);
    return dump;
  } finally {
    await db.destroy();
  }
}

/** The migrated template (built once per key, then read from the temp directory). */
export function migratedTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const path = join(tmpdir(), `tomoni-pglite-template-${await templateKey()}.tar`);
    if (existsSync(path)) {
      try {
        return new Blob([await readFile(path)]);
      } catch {
        // unreadable: build a new one
      }
    }
    return build(path);
  })();
  return cached;
}

let cachedDir: Promise<string> | undefined;

/**
 * The migrated template as a PGlite data directory (a cluster on disk), for a server process
 * that opens `<DATA_DIR>/pglite`: a copy of it starts in a second or two where a fresh directory
 * runs initdb (tens of seconds on a busy machine). Built once per key from the dump above.
 */
export function migratedTemplateDir(): Promise<string> {
  cachedDir ??= (async () => {
    const path = join(tmpdir(), `tomoni-pglite-template-${await templateKey()}.d`);
    if (existsSync(join(path, 'PG_VERSION'))) return path;
    const partial = await mkdtemp(`${path}.${process.pid}.`);
    const pglite = new PGlite({ dataDir: partial, loadDataDir: await migratedTemplate() });
    try {
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
    // Renamed whole, so a parallel run never copies half a cluster; a lost race keeps the other.
    await rename(partial, path).catch(() => rm(partial, { recursive: true, force: true }));
    return path;
  })();
  return cachedDir;
}
