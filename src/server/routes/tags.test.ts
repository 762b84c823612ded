import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Tags (moved from catalogue.test.ts): everyone signed in reads, staff roles write. */
let t: TestApp;
const ids = new Map<string, string>();
const headers = new Map<string, { authorization: string }>();

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
  for (const a of ['student01', 'teacher', 'staff']) headers.set(a, await t.authHeader(a));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: string, url: string, account: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: headers.get(account)!,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async (method: string, url: string, account: string, payload?: unknown) => {
  const res = await call(method, url, account, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>>; item: Record<string, unknown> };
};

describe('tags', () => {
  it('lets staff roles write tags and everyone read them', async () => {
    const body = {
      type: 'word',
      name: 'Ocean plastic',
      labels: { ja: '海洋プラスチック', en: 'Ocean plastic' },
    };
    expect((await call('POST', '/v1/tag', 'student01', body)).statusCode).toBe(403);
    const made = await ok('POST', '/v1/tag', 'teacher', body);
    const id = made.item.id as string;
    const read = await ok('GET', '/v1/tag?type=word', 'student01');
    expect(read.items.some((x) => x.id === id)).toBe(true);
    expect((await call('PUT', '/v1/tag', 'student01', { id, name: 'x' })).statusCode).toBe(403);
    const changed = await ok('PUT', '/v1/tag', 'staff', { id, color: '#112233' });
    expect(changed.item.color).toBe('#112233');
    expect((await call('POST', '/v1/tag', 'teacher', { type: 'word', name: ' ' })).statusCode).toBe(
      400,
    );
    expect((await call('DELETE', `/v1/tag?id=${id}`, 'student01')).statusCode).toBe(403);
    await ok('DELETE', `/v1/tag?id=${id}`, 'teacher');
    expect((await call('DELETE', `/v1/tag?id=${id}`, 'teacher')).statusCode).toBe(404);
  });
});
