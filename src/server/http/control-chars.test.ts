import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { RouteEntry } from './route-table';
import { accessOf } from './access';

/**
 * Issue 8, item 13: a NUL (or another control character) in any string a client sends is a 400
 * badRequest, never a 500 (PostgreSQL refuses NUL in text). The routes come from the app's own
 * route table, so a route added later is covered without editing this test.
 */

let t: TestApp;
let auth: { authorization: string };
const noAuth = {};

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.authHeader('teacher');
});
afterAll(async () => {
  await t.close();
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: Json[];
  const?: Json;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
}

const NUL = 'a\u0000b';

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

/** A plausible value for a schema; the string leaf at `poison` (a dotted path) gets a NUL. */
function sample(s: JsonSchema, path: string, poison: string, leaves: string[]): Json {
  const variant = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0];
  if (variant) return sample(variant, path, poison, leaves);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0] ?? null;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      leaves.push(path);
      return path === poison ? NUL : 'x';
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sample(s.items, `${path}.0`, poison, leaves)] : [];
    case 'object':
    default: {
      const out: Record<string, Json> = {};
      for (const [k, inner] of Object.entries(s.properties ?? {})) {
        out[k] = sample(inner, path ? `${path}.${k}` : k, poison, leaves);
      }
      return out;
    }
  }
}

/** Every string leaf of a schema, each poisoned in turn (plus one value with all of them). */
function poisonedValues(schema: unknown): Json[] {
  const js = jsonSchemaOf(schema);
  if (!js) return [];
  const leaves: string[] = [];
  sample(js, '', '\u0001none', leaves);
  return leaves.map((leaf) => sample(js, '', leaf, []));
}

const paramNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

const fill = (url: string, poison?: string): string =>
  url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    name === poison ? encodeURIComponent(NUL) : 'session-ocean-live',
  );

const toQuery = (value: Json): string => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) q.set(k, String(v));
  return q.toString();
};

interface Probe {
  method: string;
  url: string;
  body?: Json;
}

function probesFor(route: RouteEntry): Probe[] {
  const { method, url } = route;
  const probes: Probe[] = [];
  for (const name of paramNames(url)) probes.push({ method, url: fill(url, name) });
  const query = poisonedValues(route.schema?.querystring);
  for (const value of query) probes.push({ method, url: `${fill(url)}?${toQuery(value)}` });
  // Routes without a query contract still must not choke on one.
  if (query.length === 0) probes.push({ method, url: `${fill(url)}?q=${encodeURIComponent(NUL)}` });
  if (method !== 'GET' && method !== 'DELETE') {
    const bodies = poisonedValues(route.schema?.body);
    for (const body of bodies) probes.push({ method, url: fill(url), body });
    // A body the contract does not describe (or a route without one): every common text field.
    probes.push({
      method,
      url: fill(url),
      body: { username: NUL, password: NUL, text: NUL, comment: NUL, name: NUL, title: NUL },
    });
  }
  return probes;
}

describe('control characters (issue 8, item 13)', () => {
  it('every route answers 400 badRequest, never 5xx, to a NUL in a param, query or body string', async () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    let count = 0;
    for (const route of routes) {
      for (const probe of probesFor(route)) {
        for (const headers of [auth, noAuth]) {
          count++;
          const res = await t.app.inject({
            method: probe.method as 'GET',
            url: probe.url,
            headers,
            ...(probe.body === undefined ? {} : { payload: probe.body as object }),
          });
          const code = (res.json() as { error?: { code?: string } }).error?.code;
          // The access gate answers first (http/access.ts): a caller the route's rule does not
          // admit is refused before anything they sent is read.
          const access = accessOf(route.method, route.url);
          const want =
            access !== 'public' && headers === noAuth
              ? { status: 401, code: 'unauthorized' }
              : access === 'admin'
                ? { status: 403, code: 'forbidden' }
                : { status: 400, code: 'badRequest' };
          if (res.statusCode !== want.status || code !== want.code) {
            failures.push(
              `${probe.method} ${probe.url} ${JSON.stringify(probe.body)} → ${res.statusCode} ${code}`,
            );
          }
        }
      }
    }
    console.log(`control characters: ${routes.length} routes, ${count} requests`);
    expect(failures).toEqual([]);
  });

  it('refuses the other control characters, keeps tabs and line breaks in multi-line text', async () => {
    for (const ch of ['\u0001', '\u001b', '\u007f', '\u0085']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: `teacher${ch}`, password: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'badRequest' } });
    }
    // A multi-line session comment with a tab still posts.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/session/session-ocean-live/comment',
      headers: auth,
      payload: { content: 'first line\n\tsecond line\r\nthird', type: 'SESSION' },
    });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it('answers a truncated multipart upload with 400, not 500', async () => {
    const member = await t.authHeader('student01');
    const boundary = '----tomoni';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
      'Content-Type: image/png\r\n\r\n';
    // The body ends in the middle of the file: no closing boundary.
    const payload = Buffer.concat([Buffer.from(head), Buffer.alloc(2048, 7)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/output/image',
      headers: { ...member, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'badRequest' } });
  });
});
