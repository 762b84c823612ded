import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { snapshotBuiltClient, type ClientSnapshot } from './client-snapshot';
import { startServer, type RunningServer } from './server';

type Env = Record<string, string>;

/**
 * A server's environment, or a function that makes it when the server starts: in the `beforeAll`,
 * after what the file's earlier hooks set up (e.g. a fake provider the server must reach, started
 * by the function itself).
 */
export type ServerEnv = Env | (() => Env | Promise<Env>);

export interface ServerOptions {
  /**
   * The server serves a private copy of the built client, so a build that runs meanwhile cannot
   * change the files under the test.
   */
  snapshotClient?: boolean;
}

/** A running server of an end-to-end file: set once its `beforeAll` has run. */
export interface E2eServer {
  server: RunningServer;
  /** The private copy of the built client it serves (`snapshotClient`), for a second server. */
  clientDir?: string;
}

/** The running app of an end-to-end file: set once its `beforeAll` has run. */
export interface E2eApp extends E2eServer {
  browser: Browser;
}

/**
 * Registers the hooks that start a server (and Chromium, `withBrowser`) and stop them. The env
 * is resolved first, then the server and Chromium start together; the stop goes Chromium, server,
 * client copy. Vitest runs `beforeAll` hooks in the order they were registered and `afterAll`
 * hooks in reverse: a hook registered before this call runs before the start and after the stop.
 */
function useApp(env: ServerEnv, { snapshotClient = false }: ServerOptions, withBrowser: boolean) {
  const app = {} as E2eApp;
  let client: ClientSnapshot | undefined;
  beforeAll(async () => {
    client = snapshotClient ? snapshotBuiltClient() : undefined;
    app.clientDir = client?.dir;
    const resolved = typeof env === 'function' ? await env() : env;
    const serverEnv = client ? { ...resolved, CLIENT_DIR: client.dir } : resolved;
    if (withBrowser) {
      [app.server, app.browser] = await Promise.all([startServer(serverEnv), launchBrowser()]);
    } else {
      app.server = await startServer(serverEnv);
    }
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
    client?.remove();
  });
  return app;
}

/**
 * Starts the real server (with `env`) and Chromium before the tests of the calling `describe`
 * and stops both after them. What must run first (or last) goes in hooks registered before this
 * call, or, when it makes the env, in `env` as a function.
 */
export function useServerAndBrowser(env: ServerEnv = {}, options: ServerOptions = {}): E2eApp {
  return useApp(env, options, true);
}

/**
 * Starts one more real server (with `env`) before the tests of the calling `describe` and stops
 * it after them: a second configuration next to the file's `useServerAndBrowser`, whose browser
 * it shares.
 */
export function useServer(env: ServerEnv = {}, options: ServerOptions = {}): E2eServer {
  return useApp(env, options, false);
}
