import { randomBytes } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, firstLoadFiles } from '../../scripts/size-budget';

const built = resolve(import.meta.dirname, '../../dist/client');

// The first-load budget that `npm test` checks after the build (issue 10), on the real build.
describe('first-load budget', () => {
  const copy = mkdtempSync(join(tmpdir(), 'tomoni-budget-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('follows each route from index.html to its page chunk', () => {
    const login = firstLoadFiles(built, BUDGETS.login.chunks);
    expect(login[0]).toBe('index.html');
    expect(login.some((f) => /^assets\/login-page-.*\.js$/.test(f))).toBe(true);
    expect(login.some((f) => f.endsWith('.css'))).toBe(true);
    expect(login.some((f) => /^assets\/locales-ja-.*\.js$/.test(f))).toBe(true);
    expect(login.some((f) => /home-page|app-layout|locales-en|locales-ja-app/.test(f))).toBe(false);
  });

  it('passes the current build', async () => {
    const results = await checkBudgets(built);
    console.log(results.map((r) => `${r.route}=${r.bytes}/${r.maxBytes}`).join(' '));
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('fails a build that adds 20 KB to /login', async () => {
    cpSync(built, copy, { recursive: true });
    const page = firstLoadFiles(copy, BUDGETS.login.chunks).find((f) => /login-page-/.test(f))!;
    // 20 KB of random bytes: incompressible, so about 20 KB more after brotli too.
    appendFileSync(join(copy, page), `\n/*${randomBytes(20_000).toString('base64')}*/\n`);
    const results = await checkBudgets(copy);
    expect(results.find((r) => r.route === 'login')).toMatchObject({ ok: false });
    expect(results.find((r) => r.route === 'home')).toMatchObject({ ok: true });
  });
});
