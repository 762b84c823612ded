import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { StreamResponse } from '../src/contracts/stream';
import { DEMO_PASSWORDS } from '../src/server/seed/accounts';
import { DEMO_IDS } from '../src/server/seed/demo';
import { text } from '../tests/e2e/support/locales';
import { signIn } from '../tests/e2e/support/login';
import { api, fmt, hardDeadline, login, ROOT, sleep, startServerProcess } from './support';

/**
 * `npm run bench:watch-cpu`: how much main-thread time one follower's watch page costs, paused
 * and playing, read from Chromium's own Performance metrics over 10 s each. Needs the built
 * client (`npm run build`); `BENCH_CLIENT_DIR=<dir>` measures another build, for a before/after
 * in one sitting. The figures are per second of wall time; on this shared machine compare them
 * within one run, or between builds measured back to back.
 */

const WINDOW_MS = 10_000;
const CLIENT_DIR = process.env.BENCH_CLIENT_DIR ?? join(ROOT, 'dist/client');
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutCount', 'RecalcStyleCount'] as const;

async function main(): Promise<void> {
  const cleanups: Array<() => Promise<void>> = [];
  const cleanup = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  };
  hardDeadline(3 * 60_000, cleanup);
  const server = await startServerProcess({ CLIENT_DIR });
  cleanups.push(server.stop);
  const token = await login(server.url, 'teacher', DEMO_PASSWORDS.teacher);
  const sessionId = DEMO_IDS.sessions.oceanLive;
  const { item: stream } = await api(server.url, token, 'POST', '/v1/stream', StreamResponse, {
    sessionId,
    name: 'cpu bench',
    lang: 'ja',
    groupIds: [DEMO_IDS.groups.class2a],
    settings: { startTime: Date.now(), participantVideoVisiblity: false, videoQuality: 'low' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  cleanups.push(() => browser.close());
  const open = async (account: string, password: string) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, server.url, account, password);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/session/${sessionId}/watch/?stream=${stream.id}&lang=ja`);
    await page.getByTestId('join').click();
    await page.getByTestId('join').waitFor({ state: 'detached' });
    return page;
  };
  const host = await open('teacher', DEMO_PASSWORDS.teacher);
  const follower = await open('student01', DEMO_PASSWORDS.student);
  const cdp = await follower.context().newCDPSession(follower);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return new Map(metrics.map((m) => [m.name, m.value]));
  };
  const measure = async (label: string) => {
    await sleep(2000);
    const before = await read();
    await sleep(WINDOW_MS);
    const after = await read();
    const per = (name: string) =>
      ((after.get(name) ?? 0) - (before.get(name) ?? 0)) / (WINDOW_MS / 1000);
    const figures = METRICS.map((name) =>
      name.endsWith('Duration')
        ? `${name}=${fmt(per(name) * 1000)}ms/s`
        : `${name}=${fmt(per(name))}/s`,
    );
    console.log(`watch-cpu ${label} ${figures.join(' ')}`);
  };
  console.log(`watch-cpu: one follower's watch page, ${CLIENT_DIR}`);
  await measure('paused');
  await host
    .getByRole('region', { name: text('ja', 'watch:host.label') })
    .getByRole('button', { name: text('ja', 'watch:host.play'), exact: true })
    .click();
  await measure('playing');
  await cleanup();
}

main()
  .then(() => process.exit(0))
  .catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
