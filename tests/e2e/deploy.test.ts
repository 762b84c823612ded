import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:http2';
import { join, resolve } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { launchBrowser } from './support/browser';
import { text } from './support/locales';
import { signIn } from './support/login';
import { freePort } from './support/server';

// Issue 29: deploy/'s production recipe, run on this machine by deploy/try.sh — the built app on
// PostgreSQL and Redis behind Debian's nginx with deploy/nginx.conf (TLS, HTTP/2, the client's
// precompressed files from disk, the room's socket passed through). CI installs nginx
// (.ci/run) and has PostgreSQL; elsewhere the file says what is missing and does not run.
const root = resolve(import.meta.dirname, '../..');
const hasNginx = spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
const adminUrl = process.env.TEST_DATABASE_URL;
const runs = hasNginx && adminUrl !== undefined;
if (!runs) {
  const why = !hasNginx ? 'nginx is not installed' : 'TEST_DATABASE_URL (PostgreSQL) is not set';
  if (process.env.CI) throw new Error(`deploy recipe: ${why}`);
  console.warn(`deploy recipe not tested: ${why} (.ci/run provides both)`);
}

describe.runIf(runs)('the production recipe (deploy/): nginx in front of the app', () => {
  let recipe: ChildProcess;
  let output = '';
  let url = '';
  let httpPort = 0;
  let browser: Browser;

  beforeAll(async () => {
    const port = await freePort();
    httpPort = await freePort();
    url = `https://localhost:${port}`;
    recipe = spawn(join(root, 'deploy/try.sh'), {
      cwd: root,
      env: {
        ...process.env,
        DEPLOY_SKIP_BUILD: '1',
        DEPLOY_PORT: String(port),
        DEPLOY_HTTP_PORT: String(httpPort),
        DEPLOY_APP_PORT: String(await freePort()),
        DEPLOY_DATABASE_URL: adminUrl!,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`not ready in 180 s:\n${output}`)), 180_000);
      const read = (d: Buffer) => {
        output = (output + d.toString()).slice(-20_000);
        if (output.includes('ready at')) {
          clearTimeout(timer);
          ready();
        }
      };
      recipe.stdout!.on('data', read);
      recipe.stderr!.on('data', read);
      recipe.once('exit', (code) => fail(new Error(`deploy/try.sh exited ${code}:\n${output}`)));
    });
    browser = await launchBrowser();
  }, 200_000);

  afterAll(async () => {
    await browser?.close();
    if (recipe && recipe.exitCode === null) {
      const gone = new Promise((r) => recipe.once('exit', r));
      recipe.kill('SIGTERM');
      await gone;
    }
  });

  it('serves a hashed script over HTTP/2 from disk, brotli as asked, cached for good', async () => {
    const name = readdirSync(join(root, 'dist/client/assets')).find((f) => f.endsWith('.js'))!;
    const session = connect(url, { rejectUnauthorized: false });
    try {
      const { headers, body } = await new Promise<{
        headers: Record<string, unknown>;
        body: Buffer;
      }>((done, fail) => {
        const req = session.request({ ':path': `/assets/${name}`, 'accept-encoding': 'br, gzip' });
        const chunks: Buffer[] = [];
        let head: Record<string, unknown> = {};
        req.on('response', (h) => (head = h));
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => done({ headers: head, body: Buffer.concat(chunks) }));
        req.on('error', fail);
        req.end();
      });
      expect(headers[':status']).toBe(200);
      expect(headers.server).toMatch(/^nginx/);
      expect(headers['content-encoding']).toBe('br');
      expect(headers['cache-control']).toContain('immutable');
      expect(
        brotliDecompressSync(body).equals(readFileSync(join(root, 'dist/client/assets', name))),
      ).toBe(true);
    } finally {
      session.close();
    }
  });

  it('sends plain HTTP to HTTPS', async () => {
    const res = await fetch(`http://localhost:${httpPort}/login`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${url}/login`);
  });

  it('passes the room’s WebSocket upgrade through', async () => {
    const socket = new WebSocket(`wss://localhost:${new URL(url).port}/ws`, {
      rejectUnauthorized: false,
    });
    await new Promise<void>((open, fail) => {
      socket.once('open', () => open());
      socket.once('error', fail);
    });
    socket.close();
  });

  it('lets a pupil sign in and see their home through it', async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await signIn(page, url, 'student01', 'tomoni-student');
    await page
      .getByRole('heading', { name: text('ja', 'home:sessions.title'), exact: true })
      .waitFor({ timeout: 60_000 });
    await context.close();
  });
});
