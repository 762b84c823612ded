import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PACKAGE_VERSION } from './config';
import { LEGACY_PREFIX } from './http/legacy-aliases';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * Every call of both spec documents' call tables (core platform §7: older service, v1, v2;
 * accounts and people §7), issue 14's first "What must be shown": each is either served by the
 * app (its route is registered and a call to it is not answered "no route") or named in
 * docs/decisions/0172-spec-calls-not-served.md with its reason. The counts are printed.
 */

type Doc = 'older' | 'v1' | 'v2' | 'accounts';
interface SpecCall {
  doc: Doc;
  method: string;
  /** The spec's path, `{id}` for parameters; older-service paths are served under /v0. */
  path: string;
}

/** A call table as the spec writes it: one "METHOD /path" a line. */
function table(doc: Doc, text: string): SpecCall[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [method, path] = line.trim().split(' ');
      return { doc, method: method!, path: path! };
    });
}

const OLDER = table(
  'older',
  `
  GET /actions
  POST /actions
  GET /articles
  POST /inquiry
  POST /auth/login
  POST /auth/check_token
  GET /plans
  GET /subscriptions
  POST /subscriptions
  PUT /subscriptions/{id}
  GET /subscriptions/iap
  POST /verifyReceipt
  POST /mail
  POST /token
  GET /app-info
  GET /session/{id}/comments
  GET /session/{id}/comments/page
  POST /session/{parentId}/comments
  GET /output/{id}/comments
  POST /output/{id}/comments
  GET /output
  GET /output/page
  GET /output/priority
  GET /output/following
  GET /output/users
  GET /output/reviewers/{a}/{b}
  GET /output/{id}
  POST /output
  PUT /output/{id}
  GET /session/{id}
  GET /session
  POST /session/{id}/join
  GET /surveys
  PUT /surveys/{id}
  GET /work/{id}
  GET /work
  GET /users/{id}
  POST /password-reset
  GET /permission/{name}
  GET /follows
  GET /followers
  POST /follow/{id}
  DELETE /follow/{id}
`,
);

const V1 = table(
  'v1',
  `
  POST /v1/action
  GET /v1/activities/{id}
  POST /v1/activity
  POST /v1/auth/login
  GET /v1/auth/check
  POST /v1/oauth/google
  PUT /v1/oauth/google
  GET /v1/session/{id}/comments
  POST /v1/session/{id}/comment
  POST /v1/feedbacks/publish
  POST /v1/feedback
  GET /v1/me
  GET /v1/me/sessions
  GET /v1/me/outputs
  GET /v1/me/feedbacks
  GET /v1/me/reflections
  GET /v1/me/groups
  GET /v1/notifications
  GET /v1/notifications/me
  GET /v1/notifications/all
  GET /v1/notifications/projectFeedbackAll
  GET /v1/outputs/recommend
  POST /v1/output
  PUT /v1/output/{id}
  GET /v1/permission/{name}
  GET /v1/reflection/{id}
  PUT /v1/reflection/{id}
  DELETE /v1/reflection/{id}
  POST /v1/session/{id}/reflection
  GET /v1/report/feedbacks
  GET /v1/session/{id}
  GET /v1/sessions
  GET /v1/session/{id}/users
  GET /v1/session/{id}/outputs
  GET /v1/session/{id}/feedbacks
  GET /v1/session/{id}/reflections
  GET /v1/session/{id}/actions
  POST /v1/session/{id}/join
  GET /v1/streams
  GET /v1/stream/{id}
  POST /v1/stream
  PUT /v1/stream/{id}
  POST /v1/stream/{id}/play
  POST /v1/stream/{id}/pause
  POST /v1/stream/{id}/skip
  POST /v1/stream/{id}/rateChange
  POST /v1/stream/{id}/ping
  POST /v1/stream/{id}/chapter
  POST /v1/stream/{id}/telop
  POST /v1/stream/{id}/discuss
  POST /v1/stream/{id}/vote
  POST /v1/stream/{id}/terminate
  POST /v1/stream/{id}/output/length
  GET /v1/tag
  POST /v1/tag
  PUT /v1/tag
  DELETE /v1/tag
  GET /v1/units/{id}
  GET /v1/user/{id}
  POST /v1/user
  PUT /v1/user/{id}
  GET /v1/session/{id}/votes
  POST /v1/session/{id}/vote
  PUT /v1/session/{id}/vote/{voteId}
  GET /v1/work/{id}
  POST /v1/inquiryProject
  POST /v1/violations
  GET /v1/inquiryProjects
  GET /v1/inquiryProjects/pinnedSlides
`,
);

const V2 = table(
  'v2',
  `
  POST /v2/auth
  GET /v2/auth
  POST /v2/oauth/google
  POST /v2/oauth/microsoft
`,
);

/** Accounts and people §7: the calls whose paths the table gives. */
const ACCOUNTS = table(
  'accounts',
  `
  GET /v1/oauth/microsoft
  GET /v1/user/{userId}
  PUT /v1/user/{userId}
  GET /v1/location
  GET /v1/group/{id}/members
  GET /v1/me/groups
  DELETE /v1/me/violation/{keyName}
  GET /v1/notifications/all
  GET /v1/notifications/me
  GET /v1/notifications/projectFeedbackAll
  GET /v1/me/outputs
  GET /v1/me/unitOutputs
  GET /v1/me/joinedSessions
  GET /v1/me/postedOutputs
  GET /v1/output/{id}/feedbacks
  GET /v1/user/{userId}/outputs
  POST /v1/output
  PUT /v1/output/{outputId}
  POST /v1/feedback
  POST /v1/violation
  POST /v1/translation
  GET /v1/inquiryProjects
  GET /v1/inquiryProjects/pinnedSlides
`,
);

const ALL = [...OLDER, ...V1, ...V2, ...ACCOUNTS];

/** The served path of a spec call: older-service calls live under the /v0 prefix. */
const servedPath = (s: SpecCall) => (s.doc === 'older' ? `${LEGACY_PREFIX}${s.path}` : s.path);

/**
 * Whether a registered route answers a spec path. A spec parameter (`{id}`) fills any route
 * parameter; a spec literal needs the same literal, or a route parameter named `:kind` or
 * `:provider` (those stand for the spec's names: `/v1/stream/:id/:kind` is `/v1/stream/{id}/play`).
 * So `/v0/output/page` is not taken for the output `/v0/output/:id` with the id "page".
 */
function answers(routeUrl: string, specPath: string): boolean {
  const r = routeUrl.split('/');
  const p = specPath.split('/');
  if (r.length !== p.length) return false;
  return r.every((seg, i) => {
    const spec = p[i]!;
    if (/^\{.+\}$/.test(spec)) return seg.startsWith(':');
    if (seg === ':kind' || seg === ':provider') return true;
    return seg === spec;
  });
}

/** The registered route that answers a spec call, if any. */
const routeOf = (routes: TestApp['app']['routeTable'], s: SpecCall) =>
  routes.find((r) => r.method === s.method && answers(r.url, servedPath(s)));

/** A concrete URL for a spec path: every parameter gets a made-up value. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x-made-up');

/**
 * docs/decisions/0172-spec-calls-not-served.md, its Decision section: one bullet per unserved call,
 * "`METHOD /path`: why".
 */
function decidedCalls(): Map<string, string> {
  const record = 'docs/decisions/0172-spec-calls-not-served.md';
  const text = readFileSync(join(process.cwd(), record), 'utf8');
  const start = text.indexOf('\n## Decision');
  expect(start, `${record} has a "## Decision" section`).toBeGreaterThan(0);
  const next = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, next === -1 ? undefined : next);
  const decided = new Map<string, string>();
  // "- `GET /a`, `POST /b`: reason": the calls are the backticked names before the first "`: ".
  for (const line of section.split('\n')) {
    if (!line.startsWith('- `')) continue;
    const cut = line.indexOf('`: ');
    if (cut === -1) continue;
    const reason = line.slice(cut + 3).trim();
    for (const call of line.slice(0, cut + 1).matchAll(/`([A-Z]+ \/[^`]*)`/g))
      decided.set(call[1]!, reason);
  }
  return decided;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the spec call tables (issue 14)', () => {
  it('serves every call or names it in decision 0172 with its reason, and prints the counts', async () => {
    const decided = decidedCalls();
    const routes = t.app.routeTable;
    const counts = new Map<Doc, { served: number; decided: number }>();
    const missing: string[] = [];
    for (const s of ALL) {
      const label = `${s.method} ${s.path}`;
      const route = routeOf(routes, s);
      const tally = counts.get(s.doc) ?? { served: 0, decided: 0 };
      counts.set(s.doc, tally);
      if (route) {
        // Registered and reachable: the answer is the route's (401, 400, 404 for the made-up
        // id), never the app's "no route" answer.
        const res = await t.app.inject({ method: s.method as 'GET', url: concrete(servedPath(s)) });
        expect(res.body, label).not.toContain('No route for');
        tally.served += 1;
        continue;
      }
      const reason = decided.get(label);
      if (reason && reason.length >= 20) tally.decided += 1;
      else missing.push(label);
    }
    const lines = [...counts].map(
      ([doc, n]) => `  ${doc.padEnd(9)} ${n.served} served, ${n.decided} decided`,
    );
    console.log(`spec calls: ${ALL.length}\n${lines.join('\n')}`);
    expect(missing, 'neither served nor decided').toEqual([]);
  });

  it('keeps no decision for a call that is served', () => {
    const decided = decidedCalls();
    const stale = ALL.filter((s) => decided.has(`${s.method} ${s.path}`)).filter(
      (s) => routeOf(t.app.routeTable, s) !== undefined,
    );
    expect(stale.map((s) => `${s.method} ${s.path}`)).toEqual([]);
  });

  it("answers app-info with package.json's version", async () => {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(APP_PACKAGE_VERSION).toBe(pkg.version);
    const res = await t.app.inject({ method: 'GET', url: '/v0/app-info?platform=ios' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      item: { platform: 'ios', currentVersion: pkg.version, minimumVersion: pkg.version },
    });
    const bad = await t.app.inject({ method: 'GET', url: '/v0/app-info?platform=palm' });
    expect(bad.statusCode).toBe(400);
  });
});
