import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentResponse, ListCommentsResponse } from '../../contracts/api/sessions';
import { StreamResponse } from '../../contracts/stream';
import { openSocket } from '../realtime/test-socket';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let room: string;
const SESSION = DEMO_IDS.sessions.oceanLive;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: await t.authHeader('teacher'),
    payload: {
      sessionId: SESSION,
      name: 'Chat room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  room = StreamResponse.parse(res.json()).item.id;
});
afterAll(async () => {
  await t.close();
});

const post = async (account: string, body: Record<string, unknown>, sessionId: string = SESSION) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/session/${sessionId}/comment`,
    headers: await t.authHeader(account),
    payload: body,
  });

const list = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/session/${SESSION}/comments${query}`,
    headers: await t.authHeader('student01'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ListCommentsResponse.parse(res.json()).items;
};

describe('live comments', () => {
  it('lists pinned comments first, then the newest', async () => {
    const ids: string[] = [];
    for (const [i, account] of ['student01', 'student02', 'student03'].entries()) {
      const res = await post(account, { type: 'LIVE-JA', content: `comment ${i}`, streamId: room });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(CommentResponse.parse(res.json()).item.id);
      await new Promise((r) => setTimeout(r, 5));
    }
    await t.db.updateTable('comments').set({ is_pinned: true }).where('id', '=', ids[0]!).execute();
    const items = await list(`?type=LIVE-JA&streamId=${room}`);
    expect(items.map((c) => c.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(items[0]).toMatchObject({ isPinned: true, user: { displayName: 'Haruto' } });
    expect((await list(`?type=LIVE-JA&isPinned=false&streamId=${room}`)).map((c) => c.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect(await list(`?type=LIVE-EN&streamId=${room}`)).toEqual([]);
    // A room's comments are the room's: the session-wide list does not carry them.
    expect(await list('?type=LIVE-JA')).toEqual([]);
  });

  it('accepts 400 characters, refuses 401 and blank ones (400)', async () => {
    expect(
      (await post('student04', { type: 'SESSION', content: 'あ'.repeat(400) })).statusCode,
    ).toBe(200);
    expect(
      (await post('student04', { type: 'SESSION', content: 'あ'.repeat(401) })).statusCode,
    ).toBe(400);
    expect((await post('student04', { type: 'SESSION', content: ' \n\u3000 ' })).statusCode).toBe(
      400,
    );
    expect((await post('student04', { type: 'OUTPUT', content: 'hi' })).statusCode).toBe(400);
  });

  it("delivers a room's comment live to its sockets", async () => {
    const s = await openSocket(t.app, (await t.login('student05')).token);
    try {
      s.send({ type: 'subscribe', streamId: room });
      await s.nextOf('snapshot');
      const res = await post('student06', {
        type: 'LIVE-JA',
        content: 'こんにちは',
        streamId: room,
      });
      const { item } = CommentResponse.parse(res.json());
      expect(await s.nextOf('comment')).toMatchObject({ streamId: room, comment: item });
    } finally {
      await s.close();
    }
  });

  it("refuses graduates (addComment) and hides other schools' sessions (404)", async () => {
    expect((await post('graduate', { type: 'SESSION', content: 'hello' })).statusCode).toBe(403);
    const forest = DEMO_IDS.sessions.forestLive;
    expect((await post('sakura01', { type: 'SESSION', content: 'hello' }, forest)).statusCode).toBe(
      404,
    );
    expect(
      (await post('sakura01', { type: 'LIVE-JA', content: 'hello', streamId: room })).statusCode,
    ).toBe(404); // a room one may not open answers like a missing one (issue 8)
  });
});
