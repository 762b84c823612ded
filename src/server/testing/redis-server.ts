import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './free-port';
/**
 * A private redis-server for tests and benchmarks: its own free port on loopback, no persistence
 * (nothing is written to disk, and a restart forgets everything: the hardest case for the room
 * bus), stopped by the caller.
 */

/** Why no private Redis can run here, or null when the redis-server binary answers. */
export function redisServerMissing(): string | null {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return 'no redis-server binary on PATH';
  return null;
}

export interface PrivateRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, no save) and waits until it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** stop() then start(): a Redis restart as an operator would do it. */
  restart(): Promise<void>;
}

/** Starts redis-server on a free loopback port; resolves once it accepts connections. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  const start = async () => {
    const c = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: 'ignore' },
    );
    child = c;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`redis-server exited with ${c.exitCode}`);
      if (await accepts(port)) return;
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      await stop();
    },
    restart: async () => {
      await stop();
      await start();
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * A TCP relay between an app instance and Redis, so a test can cut one instance off Redis (a
 * network blip) while the other keeps its connection.
 */
export interface TcpRelay {
  url: string;
  /** Drops every relayed connection and refuses new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const open = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = createConnection({ port: targetPort, host: '127.0.0.1' });
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await new Promise<number>((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      ok(typeof a === 'object' && a ? a.port : 0);
    }),
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => {
      refusing = true;
      for (const s of open) s.destroy();
      open.clear();
    },
    restore: () => {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
