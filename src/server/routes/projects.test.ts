import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InquiryProjectResponse,
  InquiryProjectsResponse,
  PinnedSlidesResponse,
} from '../../contracts/api/projects';
import { ErrorBody } from '../../contracts/errors';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
const ids = new Map<string, string>();
const idOf = (account: string) => ids.get(account)!;
const codeOf = (res: { body: string }) => ErrorBody.parse(JSON.parse(res.body)).error.code;

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
});
afterAll(async () => {
  await t.close();
});

async function call(account: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: await t.authHeader(account),
    ...(payload ? { payload } : {}),
  });
}
async function projectsOf(account: string, query: string) {
  const res = await call(account, 'GET', `/v1/inquiryProjects?${query}`);
  expect(res.statusCode).toBe(200);
  return InquiryProjectsResponse.parse(res.json()).items;
}

describe('GET /v1/inquiryProjects', () => {
  it('lists the own projects by updatedAt, then by latestPublishedAt (unpublished last)', async () => {
    const byUpdated = await projectsOf('student01', 'isMe=true&isTrashed=false&orderBy=updatedAt');
    expect(byUpdated.map((p) => p.name)).toEqual([
      'プラスチックのない給食',
      '川をきれいにするには',
    ]);
    const byPublished = await projectsOf(
      'student01',
      'isMe=true&isTrashed=false&orderBy=latestPublishedAt',
    );
    expect(byPublished.map((p) => p.latestPublishedAt === null)).toEqual([false, true]);
    expect(byPublished[0]!.unitOutputs[0]!.slideSchema.length).toBeGreaterThan(0);
    expect(byPublished.every((p) => p.user._id === idOf('student01'))).toBe(true);
  });

  it('without isMe lists only the own school; another school sees only its own', async () => {
    const demo = await projectsOf('student05', 'isTrashed=false');
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every((p) => p.user.school?.id === 'school-demo')).toBe(true);
    const sakura = await projectsOf('sakura01', 'isTrashed=false');
    expect(sakura.map((p) => p.user.id)).toEqual(['sakura01']);
  });
});

describe('GET /v1/inquiryProjects/pinnedSlides', () => {
  it('gives the pinned, published slides of the own school, newest first', async () => {
    const res = await call('student01', 'GET', '/v1/inquiryProjects/pinnedSlides');
    expect(res.statusCode).toBe(200);
    const items = PinnedSlidesResponse.parse(res.json()).items;
    expect(items.length).toBe(4);
    expect(items.map((s) => s.user.id)).not.toContain('sakura01');
    const times = items.map((s) => s.publishedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[0]!.slideSchema.map((i) => i.type)).toEqual(
      expect.arrayContaining([
        'title',
        'image',
        'text',
        'hashTag',
        'date',
        'dictionary',
        'list',
        'dictionaryArray',
      ]),
    );
    const sakura = PinnedSlidesResponse.parse(
      (await call('sakura01', 'GET', '/v1/inquiryProjects/pinnedSlides')).json(),
    ).items;
    expect(sakura.map((s) => s.projectName)).toEqual(['さくら川の調査']);
  });
});

describe('one project', () => {
  it("answers a classmate's project, and 404 for another school's", async () => {
    const own = await projectsOf('student02', 'isMe=true');
    const mine = own[0]!.id;
    expect((await call('student03', 'GET', `/v1/inquiryProject/${mine}`)).statusCode).toBe(200);
    const res = await call('sakura01', 'GET', `/v1/inquiryProject/${mine}`);
    expect(res.statusCode).toBe(404);
    expect(codeOf(res)).toBe('notFound');
    const sakuraProject = (await projectsOf('sakura01', 'isMe=true'))[0]!.id;
    expect((await call('student01', 'GET', `/v1/inquiryProject/${sakuraProject}`)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /v1/inquiryProject', () => {
  it('creates an empty project of the caller, which then leads the updatedAt list', async () => {
    const res = await call('student06', 'POST', '/v1/inquiryProject', { name: 'My first project' });
    expect(res.statusCode).toBe(200);
    const { item } = InquiryProjectResponse.parse(res.json());
    expect(item).toMatchObject({
      name: 'My first project',
      latestPublishedAt: null,
      unitOutputs: [],
    });
    expect(item.user._id).toBe(idOf('student06'));
    expect((await projectsOf('student06', 'isMe=true&orderBy=updatedAt'))[0]!.id).toBe(item.id);
  });

  it('refuses graduated users and members of a group with projects turned off (403)', async () => {
    const graduated = await call('graduate', 'POST', '/v1/inquiryProject', { name: 'x' });
    expect(graduated.statusCode).toBe(403);
    expect(codeOf(graduated)).toBe('forbidden');
    await t.db
      .updateTable('groups')
      .set({ project_available: false })
      .where('id', '=', 'group-class2a')
      .execute();
    const off = await call('student20', 'POST', '/v1/inquiryProject', { name: 'x' });
    await t.db
      .updateTable('groups')
      .set({ project_available: true })
      .where('id', '=', 'group-class2a')
      .execute();
    expect(off.statusCode).toBe(403);
    expect((await call('student20', 'POST', '/v1/inquiryProject', { name: 'x' })).statusCode).toBe(
      200,
    );
  });

  it('needs a name (400)', async () => {
    const res = await call('student06', 'POST', '/v1/inquiryProject', { name: '   ' });
    expect(res.statusCode).toBe(400);
  });
});

describe('slides by unit (unit outputs)', () => {
  const ok = async (account: string, url: string) => {
    const res = await call(account, 'GET', url);
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res.json() as { items: Array<Record<string, unknown>> };
  };

  it('me/unitOutputs?isViolated=true lists only flagged slides of the caller', async () => {
    const all = await ok('student01', '/v1/me/unitOutputs');
    const flagged = await ok('student01', '/v1/me/unitOutputs?isViolated=true');
    expect(flagged.items.every((u) => (u.violationStatuses as string[]).length > 0)).toBe(true);
    expect(flagged.items.length).toBeLessThanOrEqual(all.items.length);
  });

  it("a unit lists its slides across the projects the caller may see, the caller's own first among equals (issue 30)", async () => {
    const unit = await ok('student01', '/v1/units/unit-1');
    expect(unit.items.length).toBeGreaterThan(0);
    expect(unit.items.every((u) => u.unitId === 'unit-1')).toBe(true);
    const own = await ok('student01', '/v1/me/unitOutputs');
    const ownInUnit = own.items.filter((u) => u.unitId === 'unit-1').map((u) => u.id);
    for (const id of ownInUnit) expect(unit.items.map((u) => u.id)).toContain(id);
    // Another school's pupil sees none of this school's slides.
    const elsewhere = await call('sakura01', 'GET', '/v1/units/unit-1');
    const theirs =
      elsewhere.statusCode === 200 ? (elsewhere.json().items as Array<{ id: string }>) : [];
    for (const id of ownInUnit) expect(theirs.map((u) => u.id)).not.toContain(id);
  });

  it('a unit with nothing the caller may see is a 404', async () => {
    expect((await call('student01', 'GET', '/v1/units/made-up-unit')).statusCode).toBe(404);
  });
});
