import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { AuthTokens } from '../src/contracts/api/auth';
import { HealthResponse } from '../src/contracts/api/health';
import { systemClock } from '../src/server/clock';
import { freePort } from '../src/server/testing/free-port';
export { freePort };

/** Shared by the benchmarks: the server process, logins, clocks and percentiles. */

export const ROOT = resolve(import.meta.dirname, '..');

/**
 * The clock both the server (src/server/clock.ts, its one clock) and the benchmarks read, so
 * "receive time − serverTime" compares two readings of the same wall clock on one machine.
 */
export const wallNow: () => number = systemClock;

/** A positive whole number from the environment (a bench's knob), or the default. */
export const envInt = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer`);
  return n;
};

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The soft open-files limit children inherit (Node has no getrlimit; ask the shell). */
export function openFilesLimit(): number {
  try {
    const out = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return out === 'unlimited' ? Number.POSITIVE_INFINITY : Number(out);
  } catch {
    return Number.NaN;
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the real server (src/server/main.ts) as a child process on a fresh embedded database in a
 * temporary directory (the demo seed runs on that first start), bound to 127.0.0.1, and resolves
 * once /healthz answers. Unlike tests/e2e/support/server.ts it does not insist on a built client,
 * so the fan-out benchmark runs without `npm run build`.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tomoni-bench-'));
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_PROF=<dir> writes a V8 CPU profile of the server there (for chasing a miss).
  const prof = process.env.BENCH_SERVER_PROF;
  const profile = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    // BENCH_SERVER_ROOT=<checkout> runs another checkout's server (a before/after comparison).
    cwd: process.env.BENCH_SERVER_ROOT ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Generous: a shared, loaded machine and a first start that seeds (argon2) the demo school.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    // Healthy and warm: a bench measures a server that has been up a minute, not one still
    // loading picture screening's models on the same two cores (its API shed load with 503).
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok && HealthResponse.parse(await res.json()).warming.length === 0) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy and warm in 180 s:\n${output}`);
    }
    await sleep(200);
  }
  return { url, child, stop };
}

/**
 * POST /v1/auth/login; the access token is reused for every socket of that account. A 503 with
 * Retry-After (the server shedding load, e.g. while it warms up) is waited out as the app does.
 */
export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${baseUrl}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const body: unknown = await res.json().catch(() => null);
    const wait = Number(res.headers.get('retry-after'));
    if (res.status === 503 && wait > 0 && attempt < 10) {
      await sleep(wait * 1000);
      continue;
    }
    const parsed = AuthTokens.safeParse(body);
    if (!res.ok || !parsed.success) {
      throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(body)}`);
    }
    return parsed.data.token;
  }
}

/** JSON call with a bearer token; the response body is checked against `schema`. */
export async function api<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  schema: z.core.$ZodType<T>,
  body?: unknown,
): Promise<T> {
  const send = () =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let res = await send();
  // Shed with Retry-After (issue 30): nothing was done, so the call is sent again as the app does.
  for (let i = 0; i < 10 && res.status === 503 && Number(res.headers.get('retry-after')) > 0; i++) {
    await sleep(Number(res.headers.get('retry-after')) * 1000);
    res = await send();
  }
  const json: unknown = await res.json().catch(() => null);
  const parsed = z.safeParse(schema, json);
  if (!res.ok || !parsed.success) {
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  }
  return parsed.data;
}

/** Nearest-rank percentile of an ascending array (NaN when empty). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** A figure for the report: fixed digits; `inf` for a target never reached, `NaN` for no data. */
export const fmt = (n: number, digits = 1): string =>
  Number.isFinite(n) ? n.toFixed(digits) : n === Number.POSITIVE_INFINITY ? 'inf' : 'NaN';

/**
 * The whole benchmark's time limit: past it the process stops its children and exits 2, so a
 * wedged run never hangs a terminal or CI job.
 */
export function hardDeadline(ms: number, cleanup: () => Promise<void>): NodeJS.Timeout {
  const timer = setTimeout(() => {
    console.error(`benchmark exceeded its ${Math.round(ms / 1000)} s limit; stopping`);
    void cleanup().finally(() => process.exit(2));
  }, ms);
  timer.unref();
  return timer;
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A CPU hog: one busy loop per core in child processes, as a pupil's Chromebook or a shared
 * server is busy with something else (`BENCH_HOG=1` in bench:api; issues 27 and 30). Stopped by
 * the returned function (and with this process).
 */
export function startCpuHog(cores = availableParallelism()): () => void {
  const children = Array.from({ length: cores }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return stop;
}
