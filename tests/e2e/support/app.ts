import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { snapshotBuiltClient, type ClientSnapshot } from './client-snapshot';
import { startServer, type RunningServer } from './server';

/** The running app of an end-to-end file: set once its `beforeAll` has run. */
export interface E2eApp {
  server: RunningServer;
  browser: Browser;
}

/**
 * Starts the real server (with `env`) and Chromium before the tests of the calling `describe`
 * and stops both after them. `snapshotClient`: the server serves a private copy of the built
 * client, so a build that runs meanwhile cannot change the files under the test.
 */
export function useServerAndBrowser(
  env: Record<string, string> = {},
  { snapshotClient = false }: { snapshotClient?: boolean } = {},
): E2eApp {
  const app = {} as E2eApp;
  let client: ClientSnapshot | undefined;
  beforeAll(async () => {
    client = snapshotClient ? snapshotBuiltClient() : undefined;
    [app.server, app.browser] = await Promise.all([
      startServer(client ? { ...env, CLIENT_DIR: client.dir } : env),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
    client?.remove();
  });
  return app;
}
