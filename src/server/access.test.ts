import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, accessOf, registerAccessGate, type Access } from './http/access';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * The authorization matrix, generated from the route table (issue 25): every registered route
 * × every kind of caller, judged by the route's rule in ROUTE_ACCESS. A route registered without
 * a rule stops the app at start, so it fails every server test (shown once below).
 *
 * Each call names made-up ids and sends an empty body: what is judged is the gate in front of
 * the route, which must answer before the body is validated or an object is looked up. Object
 * rules (own data, the host, the caller's school and groups) are the cross-school matrix's
 * (walls.test.ts) and each route's own tests.
 */

interface Caller {
  name: string;
  /** Demo account, or null for a caller with no token. */
  account: string | null;
  role: 'anonymous' | 'member' | 'supporter' | 'graduated' | 'teacher' | 'staff' | 'admin';
}

const CALLERS: Caller[] = [
  { name: 'anonymous', account: null, role: 'anonymous' },
  { name: 'pupil', account: 'student02', role: 'member' },
  { name: 'supporter', account: 'supporter', role: 'supporter' },
  { name: 'graduate', account: 'graduate', role: 'graduated' },
  { name: 'guest', account: 'guest', role: 'member' },
  { name: 'teacher', account: 'teacher', role: 'teacher' },
  { name: 'staff', account: 'staff', role: 'staff' },
  { name: 'admin', account: 'admin', role: 'admin' },
  { name: "another school's pupil", account: 'sakura01', role: 'member' },
  { name: "another school's teacher", account: 'sakura-teacher', role: 'teacher' },
];

/** What the gate must answer: 401, 403, or "let through" (anything but 401 and 403). */
function expected(access: Access, caller: Caller): 401 | 403 | 'through' {
  if (access === 'public') return 'through';
  if (caller.role === 'anonymous') return 401;
  if (access === 'signedIn') return 'through';
  if (access === 'admin') return caller.role === 'admin' ? 'through' : 403;
  return ['teacher', 'staff', 'admin'].includes(caller.role) ? 'through' : 403;
}

/**
 * Routes whose handler refuses some signed-in callers for a reason of their own (an account
 * that may not post), so "let through" does not hold for every role.
 */
const HANDLER_REFUSES: Record<string, { callers: string[]; why: string }> = {
  'POST /v1/output/image': {
    callers: ['graduate', 'guest'],
    why: 'graduates and guests may not post (issue 9, item 16)',
  },
};

let t: TestApp;
const headers = new Map<string, Record<string, string>>();

beforeAll(async () => {
  t = await createTestApp();
  for (const c of CALLERS) headers.set(c.name, c.account ? await t.authHeader(c.account) : {});
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('authorization matrix: every route × every kind of caller (issue 25)', () => {
  it('has one rule for every registered route, and no rule for a route that is gone', () => {
    const registered = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(
      registered.filter((r) => accessOf(...(r.split(' ') as [string, string])) === undefined),
    ).toEqual([]);
    // The client's files are served only where it is built (http/static.ts).
    const conditional = new Set(['GET /*']);
    const stale = Object.keys(ROUTE_ACCESS).filter(
      (key) => !registered.includes(key) && !conditional.has(key),
    );
    expect(stale).toEqual([]);
  });

  it('refuses to start with a route that has no rule', async () => {
    const app = Fastify();
    registerAccessGate(app, async () => ({ user: { role: 'admin' } }));
    await expect(
      app.register(async (a) => {
        a.get('/v1/brand-new-route', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/GET \/v1\/brand-new-route has no access rule/);
  });

  it('answers each caller as the route’s rule says, before the body is validated', async () => {
    const routes = t.app.routeTable.filter((r) => r.url !== '/ws');
    const findings: string[] = [];
    let cases = 0;
    for (const r of routes) {
      const access = accessOf(r.method, r.url)!;
      const url = r.url.replace(/:[A-Za-z]+/g, 'made-up').replace('*', 'made-up');
      const key = `${r.method} ${r.url}`;
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url,
          headers: headers.get(caller.name),
          ...(['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(r.method) ? {} : { payload: {} }),
        });
        cases += 1;
        const want = expected(access, caller);
        const got = res.statusCode;
        const refused = HANDLER_REFUSES[key]?.callers.includes(caller.name) ?? false;
        const ok = want === 'through' ? got !== 401 && (got !== 403 || refused) : got === want;
        if (!ok) findings.push(`${key} (${access}) as ${caller.name}: ${got}, expected ${want}`);
      }
    }
    console.log(
      `access matrix: ${routes.length} routes × ${CALLERS.length} callers = ${cases} cases (${new Set(routes.map((r) => accessOf(r.method, r.url))).size} rules)`,
    );
    expect(findings).toEqual([]);
  }, 300_000);
});
