import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PauseCommentsResponse } from '../../contracts/api/comments';
import { ModerationQueueResponse } from '../../contracts/api/moderation';
import { CommentResponse, ListCommentsResponse } from '../../contracts/api/sessions';
import { StreamResponse } from '../../contracts/stream';
import { openSocket, type TestSocket } from '../realtime/test-socket';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 8, comments: a room's comments belong to the room, a session-wide list shows only the
 * caller's school, replies under a hidden comment are refused, comments are screened, reported,
 * deleted (author, room host, staff) and paused by the host — each live on the room's sockets.
 */

let t: TestApp;
let room: string;
const SESSION = DEMO_IDS.sessions.oceanLive; // target ALL: the other school sees the session
const headers = new Map<string, { authorization: string }>();

const auth = async (account: string) => {
  let h = headers.get(account);
  if (!h) {
    h = await t.authHeader(account);
    headers.set(account, h);
  }
  return h;
};

const post = async (account: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/session/${SESSION}/comment`,
    headers: await auth(account),
    payload: body,
  });

const postOk = async (account: string, body: Record<string, unknown>) => {
  const res = await post(account, body);
  expect(res.statusCode, res.body).toBe(200);
  return CommentResponse.parse(res.json()).item;
};

const list = async (account: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/session/${SESSION}/comments${query}`,
    headers: await auth(account),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ListCommentsResponse.parse(res.json()).items;
};

const remove = async (account: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/v1/comment/${id}`, headers: await auth(account) });

const report = async (account: string, id: string, content = 'これはいやです') => {
  const now = Date.now();
  const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: await auth(account) });
  const userId = (me.json() as { item: { _id: string } }).item._id;
  return t.app.inject({
    method: 'POST',
    url: '/v1/violation',
    headers: await auth(account),
    payload: { content, id, type: 'comment', userId, createdAt: now, updatedAt: now },
  });
};

const pause = async (account: string, paused: boolean, streamId = room) =>
  t.app.inject({
    method: 'PUT',
    url: `/v1/stream/${streamId}/comments-paused`,
    headers: await auth(account),
    payload: { paused },
  });

const subscribe = async (account: string): Promise<TestSocket> => {
  const s = await openSocket(t.app, (await t.login(account)).token);
  s.send({ type: 'subscribe', streamId: room });
  await s.nextOf('snapshot');
  return s;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: await auth('teacher'),
    payload: {
      sessionId: SESSION,
      name: 'Class 2A only',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  room = StreamResponse.parse(res.json()).item.id;
});
afterAll(async () => {
  await t.close();
});

describe('item 1: a session-wide list shows only what the caller may see', () => {
  it("never lists a class-only room's comments without streamId, to any school", async () => {
    const c = await postOk('student01', {
      type: 'LIVE-JA',
      content: '教室だけの話',
      streamId: room,
    });
    // Another school: 403 with the room, and nothing of the room without it.
    const sakura = await list('sakura01');
    expect(sakura.map((x) => x.id)).not.toContain(c.id);
    expect((await list('sakura01', '?type=LIVE-JA')).map((x) => x.id)).not.toContain(c.id);
    expect(JSON.stringify(sakura)).not.toContain('教室だけの話');
    // The room's own members do not get it in the session-wide list either: it is the room's.
    expect((await list('student02', '?type=LIVE-JA')).map((x) => x.id)).not.toContain(c.id);
    // The room's members read it with the room's id.
    expect((await list('student02', `?streamId=${room}`)).map((x) => x.id)).toContain(c.id);
  });

  it("never shows another school's session comments (either direction)", async () => {
    const theirs = await postOk('sakura01', { type: 'SESSION', content: 'さくらの感想' });
    const ours = await postOk('student03', { type: 'SESSION', content: 'ともにの感想' });
    const teacherSees = (await list('teacher')).map((x) => x.id);
    expect(teacherSees).toContain(ours.id);
    expect(teacherSees).not.toContain(theirs.id);
    expect((await list('student01', '?type=SESSION')).map((x) => x.id)).not.toContain(theirs.id);
    const sakuraSees = (await list('sakura01')).map((x) => x.id);
    expect(sakuraSees).toContain(theirs.id);
    expect(sakuraSees).not.toContain(ours.id);
  });
});

describe('item 3: a reply under a comment the caller may not see is refused like a missing one', () => {
  it('refuses another school (and a pupil outside the room) with the missing-parent answer', async () => {
    const parent = await postOk('student01', {
      type: 'LIVE-JA',
      content: '返信しないで',
      streamId: room,
    });
    const missing = await post('sakura01', {
      type: 'LIVE-JA',
      content: 'reply',
      parentId: 'no-such-comment',
    });
    expect(missing.statusCode).toBe(400);
    for (const account of ['sakura01']) {
      const res = await post(account, { type: 'LIVE-JA', content: 'reply', parentId: parent.id });
      expect(res.statusCode, `${account}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(missing.json());
    }
    // Outside the room (no streamId) even a member of the room gets the missing-parent answer.
    const outside = await post('student02', {
      type: 'LIVE-JA',
      content: 'reply',
      parentId: parent.id,
    });
    expect(outside.json()).toEqual(missing.json());
    // A member of the room replies inside the room.
    await postOk('student02', {
      type: 'LIVE-JA',
      content: 'はい',
      parentId: parent.id,
      streamId: room,
    });
  });
});

describe('screening before a comment is shown', () => {
  it('refuses contact details with commentRefused; the room never receives them', async () => {
    const s = await subscribe('student05');
    try {
      const res = await post('student01', {
        type: 'LIVE-JA',
        content: 'LINE交換しよう 090-1111-2222',
        streamId: room,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('commentRefused');
      expect(await s.silentFor(300)).toBe(true);
      const session = await post('student01', {
        type: 'SESSION',
        content: 'mail me: kid@example.com',
      });
      expect(session.statusCode).toBe(400);
      expect(session.json().error.code).toBe('commentRefused');
      const all = await list('student02', `?streamId=${room}`);
      expect(JSON.stringify(all)).not.toContain('090-1111-2222');
      expect(JSON.stringify(await list('student02'))).not.toContain('kid@example.com');
    } finally {
      await s.close();
    }
  });

  it('treats zero-width and invisible-only text as blank (400)', async () => {
    for (const content of ['\u200B\u200B', '\u200E\u202E\u2066', '\uFEFF \u3164', '\u2060']) {
      const res = await post('student01', { type: 'SESSION', content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json().error.code).toBe('badRequest');
    }
  });
});

describe('report a comment', () => {
  it('records a report staff see in the moderation queue; hidden comments are 404', async () => {
    const c = await postOk('student01', { type: 'LIVE-JA', content: 'ふつうの話', streamId: room });
    expect((await report('student02', c.id, '悪口です')).statusCode).toBe(200);
    expect((await report('sakura01', c.id)).statusCode).toBe(404);
    expect((await report('student01', c.id)).statusCode).toBe(400);
    expect((await report('student02', c.id, 'あ'.repeat(301))).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/moderation/queue',
      headers: await auth('teacher'),
    });
    expect(res.statusCode).toBe(200);
    const reports = ModerationQueueResponse.parse(res.json()).commentReports ?? [];
    expect(reports).toContainEqual(
      expect.objectContaining({ commentId: c.id, reason: '悪口です', content: 'ふつうの話' }),
    );
    // Staff may keep a reported comment (the report closes); pupils may not.
    const kept = await postOk('student01', { type: 'LIVE-JA', content: 'これも', streamId: room });
    expect((await report('student03', kept.id, '念のため')).statusCode).toBe(200);
    const queued = ModerationQueueResponse.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/moderation/queue',
          headers: await auth('teacher'),
        })
      ).json(),
    ).commentReports?.find((r) => r.commentId === kept.id);
    expect(queued).toBeDefined();
    const dismiss = async (account: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/moderation/comment-reports/${queued?.id}/dismiss`,
        headers: await auth(account),
      });
    expect((await dismiss('student03')).statusCode).toBe(403);
    expect((await dismiss('sakura01')).statusCode).toBe(403);
    expect((await dismiss('teacher')).statusCode).toBe(200);
    expect((await list('student02', `?streamId=${room}`)).map((x) => x.id)).toContain(kept.id);

    // Deleting the comment closes its report.
    expect((await remove('teacher', c.id)).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/moderation/queue',
      headers: await auth('teacher'),
    });
    const left = ModerationQueueResponse.parse(after.json()).commentReports ?? [];
    expect(left.map((r) => r.commentId)).not.toContain(c.id);
  });
});

describe('delete a comment', () => {
  it('author, room host and staff may; others 403, those who cannot see it 404', async () => {
    let n = 0;
    const mk = () =>
      postOk('student01', {
        type: 'LIVE-JA',
        content: `消すかも その${++n}`,
        streamId: room,
      });
    const c = await mk();
    expect((await remove('student02', c.id)).statusCode).toBe(403); // classmate in the room
    expect((await remove('sakura01', c.id)).statusCode).toBe(404); // other school
    expect((await remove('student01', 'no-such-comment')).statusCode).toBe(404);
    expect((await list('student02', `?streamId=${room}`)).map((x) => x.id)).toContain(c.id);

    const s = await subscribe('student05');
    try {
      expect((await remove('student01', c.id)).statusCode).toBe(200); // author
      expect(await s.nextOf('commentRemove')).toMatchObject({ streamId: room, id: c.id });
      expect((await list('student02', `?streamId=${room}`)).map((x) => x.id)).not.toContain(c.id);
      expect((await remove('student01', c.id)).statusCode).toBe(404); // already gone

      const byHost = await mk();
      expect((await remove('teacher', byHost.id)).statusCode).toBe(200); // the room's host
      expect(await s.nextOf('commentRemove')).toMatchObject({ id: byHost.id });
      const byStaff = await mk();
      expect((await remove('staff', byStaff.id)).statusCode).toBe(200); // staff role
      const byAdmin = await mk();
      expect((await remove('admin', byAdmin.id)).statusCode).toBe(200); // provider admin
    } finally {
      await s.close();
    }

    // A session-wide comment: the author or staff; a classmate 403, another school 404.
    const wide = await postOk('student01', { type: 'SESSION', content: '全体への感想' });
    expect((await remove('student02', wide.id)).statusCode).toBe(403);
    expect((await remove('sakura01', wide.id)).statusCode).toBe(404);
    expect((await remove('teacher', wide.id)).statusCode).toBe(200);
  });
});

describe("the host's pause switch", () => {
  it('is host-only, refuses live comments while on and reaches every open page', async () => {
    expect((await pause('student01', true)).statusCode).toBe(403);
    expect((await pause('sakura01', true)).statusCode).toBe(404);
    expect((await pause('staff', true)).statusCode).toBe(403); // staff, not the host
    const s = await subscribe('student05');
    try {
      const res = await pause('teacher', true);
      expect(res.statusCode, res.body).toBe(200);
      expect(PauseCommentsResponse.parse(res.json()).item.commentsPaused).toBe(true);
      expect(await s.nextOf('commentsPaused')).toMatchObject({ streamId: room, paused: true });
      const stream = await t.app.inject({
        method: 'GET',
        url: `/v1/stream/${room}`,
        headers: await auth('student05'),
      });
      expect(StreamResponse.parse(stream.json()).item.commentsPaused).toBe(true);

      const refused = await post('student01', {
        type: 'LIVE-JA',
        content: 'まだ？',
        streamId: room,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('commentsPaused');
      // The host may still speak to the room.
      await postOk('teacher', { type: 'LIVE-JA', content: '少し待ってね', streamId: room });

      expect((await pause('teacher', false)).statusCode).toBe(200);
      expect(await s.nextOf('commentsPaused')).toMatchObject({ paused: false });
      await postOk('student01', { type: 'LIVE-JA', content: 'はい', streamId: room });
    } finally {
      await s.close();
    }
  });
});
