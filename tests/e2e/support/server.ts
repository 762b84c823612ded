import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../../../src/server/testing/free-port';
import { migratedTemplateDir } from '../../../src/server/testing/pglite-template';
export { freePort };

export interface RunningServer {
  url: string;
  dataDir: string;
  /** What the server has written to stdout and stderr so far (pino's JSON lines). */
  output(): string;
  stop(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');

/**
 * Starts the real server (`src/server/main.ts`, as the project's global setup bundled it for this
 * run) on a fresh embedded database in a temporary directory, serving the built client, and
 * resolves once /healthz answers. The demo seed runs on that first start, exactly as it does for
 * `npm start`.
 *
 * The embedded database starts as a copy of a migrated, empty cluster (support for the server
 * tests builds it once per migration set): PGlite's initdb on an empty directory took 20–45 s of
 * each file's start on a busy machine, a copy opens in about two. The server then runs its
 * migrations (none pending) and seeds, as on any first start. Not with DATABASE_URL (PostgreSQL)
 * or a caller's DATA_DIR that already holds a database.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(root, 'dist/client/index.html'))) {
    throw new Error('The client is not built: run `npm run build` before the end-to-end tests.');
  }
  // A caller that must know the URL before the start (e.g. for PUBLIC_URL) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tomoni-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const pgliteDir = join(dataDir, 'pglite');
  if (!(env.DATABASE_URL ?? process.env.DATABASE_URL) && !existsSync(pgliteDir)) {
    cpSync(await migratedTemplateDir(), pgliteDir, { recursive: true });
  }
  // The project's global setup bundled the server for this run (global-setup.ts).
  const entry = inject('e2eServerEntry');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Eight helpers and Chromium share two cores here: the event loop lags, and stalls whole
      // quarter seconds (which the library reads as an endless lag), in ways a school's server
      // does not. Shedding is tested on its own (src/server/http/pressure.test.ts) and
      // measured by bench:api under a CPU hog; a file that wants it passes its own limits.
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_QUEUE_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  // Generous: eight helpers share two cores, and the first start seeds (argon2) the demo school.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
