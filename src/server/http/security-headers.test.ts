import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Issue 8, item 16: API answers are never cached; the CSP names its origins. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://tomoni.example',
      CSP_MEDIA_ORIGINS: 'https://cdn.example.net, https://img.example.net/path',
      CSP_CONNECT_ORIGINS: 'https://errors.example.org',
      // The repository's demo media: a real image to check an asset's headers on.
      MEDIA_DIR: fileURLToPath(new URL('../../../media', import.meta.url)),
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** A browser navigating to a page (the policy is a document's). */
const PAGE = { accept: 'text/html' };

const directive = (csp: string, name: string): string[] =>
  (csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '').trim().split(/\s+/).slice(1);

describe('security headers (issue 8, item 16)', () => {
  it('marks /v1 and /v2 answers no-store, successes and errors alike', async () => {
    const auth = await t.authHeader('teacher');
    for (const [url, headers] of [
      ['/v1/me', auth],
      ['/v1/me', {}],
      ['/v1/sessions', auth],
      ['/v2/oauth/providers', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'teacher', password: 'wrong-password' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('names the real origins in img-src and connect-src instead of https:', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: PAGE });
    const csp = String(res.headers['content-security-policy']);
    const img = directive(csp, 'img-src');
    const connect = directive(csp, 'connect-src');
    for (const list of [img, connect, directive(csp, 'media-src')]) {
      expect(list).not.toContain('https:');
      expect(list).not.toContain('wss:');
      expect(list).not.toContain('ws:');
      expect(list).toContain("'self'");
      expect(list).toContain('https://cdn.example.net');
      expect(list).toContain('https://img.example.net');
    }
    expect(connect).toContain('wss://tomoni.example');
    expect(connect).toContain('https://errors.example.org');
    expect(img).not.toContain('https://errors.example.org');
  });

  it("names the request's own ws origin when PUBLIC_URL is not set, and refuses a hostile Host", async () => {
    const local = await createTestApp();
    try {
      const res = await local.app.inject({
        method: 'GET',
        url: '/login',
        headers: { ...PAGE, host: 'school.example:8080' },
      });
      const connect = directive(String(res.headers['content-security-policy']), 'connect-src');
      expect(connect).toEqual(["'self'", 'ws://school.example:8080', 'wss://school.example:8080']);
      const evil = await local.app.inject({
        method: 'GET',
        url: '/login',
        headers: { ...PAGE, host: "x; script-src 'unsafe-inline'" },
      });
      const csp = String(evil.headers['content-security-policy']);
      expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
      expect(directive(csp, 'script-src')).toEqual([
        "'self'",
        "'wasm-unsafe-eval'",
        'https://www.youtube.com',
      ]);
    } finally {
      await local.close();
    }
  });

  it("lets the watch page load YouTube's player script and frame, and nothing else of it (issue 14)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: PAGE });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toContain('https://www.youtube.com');
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-eval'");
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'https://www.youtube.com',
      'https://www.youtube-nocookie.com',
    ]);
    expect(directive(csp, 'connect-src')).not.toContain('https://www.youtube.com');
  });

  it('sends the document headers on pages only; assets and JSON keep nosniff and CORP (issue 10)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login', headers: PAGE });
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(directive(String(page.headers['content-security-policy']), 'script-src')).toContain(
      "'self'",
    );
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeDefined();

    const image = await t.app.inject({ method: 'GET', url: '/media/images/presets/green.png' });
    const json = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(image.statusCode).toBe(200);
    for (const res of [image, json]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of ['x-frame-options', 'strict-transport-security', 'referrer-policy'])
        expect(res.headers[name], name).toBeUndefined();
    }
    expect(image.headers['content-security-policy']).toBeUndefined();
    // A JSON answer opened as a page may load nothing and be framed by no one.
    expect(json.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });
});
