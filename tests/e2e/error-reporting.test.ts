import { afterAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import { startSentrySink, type SentrySink } from '../../src/server/testing/sentry-sink';
import { useServer, useServerAndBrowser } from './support/app';
import { text } from './support/locales';
import { signIn } from './support/login';

// Issue 14: with a DSN configured, the browser loads the Sentry SDK after the first render,
// registers the signed-in user, and reports a route chunk that fails to load — here to a local
// sink that speaks Sentry's envelope protocol. Without a DSN the SDK is never fetched.
describe('error reporting in the browser', () => {
  let sink: SentrySink;

  // Registered before the servers' hooks: it closes after the server that reports to it stopped.
  afterAll(async () => {
    await sink?.close();
  });
  const app = useServerAndBrowser(
    async () => {
      sink = await startSentrySink();
      return { SENTRY_DSN: sink.dsn, SENTRY_SAMPLE_RATE: '1' };
    },
    { snapshotClient: true },
  );
  // After the first, not with it: two servers starting at once on a busy machine outrun the wait.
  const plain = useServer(() => ({ CLIENT_DIR: app.clientDir! }));

  const SDK_CHUNK = /\/assets\/sentry-client-[^/]*\.js$/;

  it('reports a failed lazy module load with the signed-in user', async () => {
    // No service worker: one serving the precached chunk would bypass the blocked route.
    const context = await app.browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const sdk = page.waitForResponse((r) => SDK_CHUNK.test(new URL(r.url()).pathname));
    await signIn(page, app.server.url, 'student01', demoAccount('student01').password);
    await page.waitForURL(`${app.server.url}/`);
    expect((await sdk).ok()).toBe(true);

    const userMenu = page.getByRole('button', { name: text('ja', 'common:header.userMenu') });
    await userMenu.waitFor();
    await page.waitForLoadState('networkidle');
    // From now on no script loads: the profile page's chunk, never fetched yet, fails.
    await page.route('**/assets/*.js', (route) => route.abort('failed'));
    await userMenu.click();
    await page.getByRole('menuitem', { name: text('ja', 'common:header.profile') }).click();

    const login = await fetch(`${app.server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'student01', password: demoAccount('student01').password }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const me = (await (
      await fetch(`${app.server.url}/v1/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { item: { _id: string } };

    await expect
      .poll(
        () =>
          sink
            .events()
            .filter((e) => (e.tags as Record<string, string> | undefined)?.kind === 'lazyLoad')
            .length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const event = sink
      .events()
      .find((e) => (e.tags as Record<string, string> | undefined)?.kind === 'lazyLoad')!;
    expect(event.user).toMatchObject({ id: me.item._id, role: 'member' });
    const exception = (event.exception as { values: Array<{ value: string }> }).values[0]!;
    expect(exception.value).toMatch(/dynamically imported module/);
    expect(event.platform).toBe('javascript');
    await context.close();
  });

  it('never fetches the SDK when no DSN is configured', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(new URL(r.url()).pathname));
    const configAnswered = page.waitForResponse((r) => r.url().endsWith('/v1/client-config'));
    await signIn(page, plain.server.url, 'student01', demoAccount('student01').password);
    await page.waitForURL(`${plain.server.url}/`);
    expect(await (await configAnswered).json()).toEqual({ errorReporting: null });
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((p) => SDK_CHUNK.test(p))).toEqual([]);
    await context.close();
  });
});
