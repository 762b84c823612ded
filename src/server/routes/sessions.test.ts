import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GetSessionResponse,
  JoinSessionResponse,
  ListSessionsResponse,
  SessionUsersResponse,
} from '../../contracts/api/sessions';
import { ErrorBody } from '../../contracts/errors';
import { StreamResponse } from '../../contracts/stream';
import { openSocket } from '../realtime/test-socket';
import { DEMO_IDS } from '../seed/demo';
import { PARTICIPANT_LIMIT_MESSAGE } from '../sessions/participants';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let teacher: { authorization: string };
const S = DEMO_IDS.sessions;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  teacher = await t.authHeader('teacher');
});
afterAll(async () => {
  await t.close();
});

async function listAll(account: string, query = ''): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/sessions${query}`,
    headers: await t.authHeader(account),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ListSessionsResponse.parse(res.json()).items.map((s) => s.id);
}

async function createRoom(sessionId: string = S.oceanLive): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: teacher,
    payload: {
      sessionId,
      name: 'Join room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return StreamResponse.parse(res.json()).item.id;
}

const join = async (account: string, sessionId: string, streamId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/session/${sessionId}/join`,
    headers: await t.authHeader(account),
    payload: streamId ? { streamId } : {},
  });

const leave = async (account: string, sessionId: string, streamId?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/session/${sessionId}/leave`,
    headers: await t.authHeader(account),
    payload: streamId ? { streamId } : {},
  });

async function users(sessionId: string, query = ''): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/session/${sessionId}/users${query}`,
    headers: teacher,
  });
  expect(res.statusCode, res.body).toBe(200);
  return SessionUsersResponse.parse(res.json()).items.map((p) => p.displayName);
}

describe('GET /v1/sessions and /v1/session/{id}', () => {
  it('lists what the user may see, by start time', async () => {
    const student = await listAll('student01');
    expect(student).toEqual([
      S.forestArchive,
      S.oceanArchive,
      S.oceanLive,
      S.forestLive,
      S.cityNotice,
    ]);
    // Another school: neither the demo school's SCHOOL session nor its class's GROUP session.
    expect(await listAll('sakura01')).toEqual([S.oceanArchive, S.oceanLive, S.cityNotice]);
    // PRIVATE sessions only for provider staff.
    expect(await listAll('admin')).toContain(S.cityPrivate);
    expect(await listAll('teacher')).not.toContain(S.cityPrivate);
  });

  it('pages with pageSize and lastKey, and filters by status', async () => {
    const headers = await t.authHeader('student01');
    const seen: string[] = [];
    let lastKey: string | null = null;
    do {
      const q: string = `?pageSize=2${lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : ''}`;
      const res = await t.app.inject({ method: 'GET', url: `/v1/sessions${q}`, headers });
      const page = ListSessionsResponse.parse(res.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((s) => s.id));
      lastKey = page.lastKey;
    } while (lastKey);
    expect(seen).toEqual(await listAll('student01'));
    expect(await listAll('student01', '?status=COMPLETE')).toEqual([
      S.forestArchive,
      S.oceanArchive,
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/sessions?lastKey=zzz', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('me/sessions is the sessions list', async () => {
    const headers = await t.authHeader('student01');
    const ok = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
      return res.json() as { items: Array<Record<string, unknown>> };
    };
    expect(await ok('/v1/me/sessions?pageSize=2')).toEqual(await ok('/v1/sessions?pageSize=2'));
  });

  it('returns a visible session with its videos and timed actions, 404 otherwise', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/session/${S.oceanLive}`,
      headers: await t.authHeader('student01'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { item } = GetSessionResponse.parse(res.json());
    expect(item.videos.length).toBeGreaterThan(0);
    expect(item.videos[0]!.actions.map((a) => a.action)).toContain('vote');
    expect(item.tags.length).toBeGreaterThan(0);
    for (const [account, id] of [
      ['sakura01', S.forestLive],
      ['student01', S.cityPrivate],
      ['student01', 'no-such-session'],
    ] as const) {
      const hidden = await t.app.inject({
        method: 'GET',
        url: `/v1/session/${id}`,
        headers: await t.authHeader(account),
      });
      expect(hidden.statusCode, `${account} ${id}`).toBe(404);
    }
  });
});

describe('joining, leaving and participants', () => {
  it('refuses the join beyond the participant limit with 409 and the message; rejoining is fine', async () => {
    await t.db
      .updateTable('sessions')
      .set({ participant_limit: 2 })
      .where('id', '=', S.forestLive)
      .execute();
    const room = await createRoom(S.forestLive);
    expect((await join('student01', S.forestLive, room)).statusCode).toBe(200);
    expect((await join('student02', S.forestLive, room)).statusCode).toBe(200);
    const full = await join('student03', S.forestLive, room);
    expect(full.statusCode).toBe(409);
    expect(ErrorBody.parse(full.json()).error).toEqual({
      code: 'participantLimit',
      message: PARTICIPANT_LIMIT_MESSAGE,
    });
    expect(PARTICIPANT_LIMIT_MESSAGE).toBe(
      'Cannot join. The maximum number of participants has been reached.',
    );
    // Someone already in the room may join again (a reload).
    expect((await join('student01', S.forestLive, room)).statusCode).toBe(200);
    // A leave frees the seat.
    expect((await leave('student02', S.forestLive, room)).statusCode).toBe(200);
    expect((await join('student03', S.forestLive, room)).statusCode).toBe(200);
    // Another room of the same session has its own count.
    const other = await createRoom(S.forestLive);
    expect((await join('student04', S.forestLive, other)).statusCode).toBe(200);
  });

  it('lets concurrent joins for the last seat through only once', async () => {
    await t.db
      .updateTable('sessions')
      .set({ participant_limit: 1 })
      .where('id', '=', S.cityNotice)
      .execute();
    const room = await createRoom(S.cityNotice);
    const results = await Promise.all(
      ['student11', 'student12', 'student13'].map((a) => join(a, S.cityNotice, room)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('checks joinSession through Permissions: graduates 403, other schools 404', async () => {
    expect((await join('graduate', S.oceanLive)).statusCode).toBe(403);
    expect((await join('sakura01', S.forestLive)).statusCode).toBe(404);
    const ok = await join('sakura01', S.oceanLive);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(JoinSessionResponse.parse(ok.json()).item.joinedAt).toBeGreaterThan(0);
    // A room of the session the user may not open answers like a missing one (issue 8).
    const room = await createRoom(S.oceanLive);
    expect((await join('sakura01', S.oceanLive, room)).statusCode).toBe(404);
  });

  it('lists participants of the last 2 hours, folded with the join/leave rules', async () => {
    const room = await createRoom(S.oceanLive);
    expect((await join('student05', S.oceanLive, room)).statusCode).toBe(200);
    expect((await join('student06', S.oceanLive, room)).statusCode).toBe(200);
    expect((await leave('student06', S.oceanLive, room)).statusCode).toBe(200);
    // A join 3 hours ago is outside the query window.
    const old = await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'student07')
      .executeTakeFirstOrThrow();
    const at = new Date(Date.now() - 3 * HOUR);
    await t.db
      .insertInto('activities')
      .values({
        type: 'joinStream',
        user_id: old.id,
        session_id: S.oceanLive,
        stream_id: room,
        created_at: at,
        updated_at: at,
      })
      .execute();
    // student05 (Yuto) stays; student06 (Mei) left; student07 (Riku) joined too long ago.
    expect(await users(S.oceanLive, `?streamId=${room}`)).toEqual(['Yuto']);
    // The session-wide list includes the room's participants.
    expect(await users(S.oceanLive)).toContain('Yuto');
    expect(await users(S.oceanLive)).not.toContain('Riku');
  });

  it('pushes join and leave to the room as activity events', async () => {
    const room = await createRoom(S.oceanLive);
    const s = await openSocket(t.app, (await t.login('student08')).token);
    try {
      s.send({ type: 'subscribe', streamId: room });
      await s.nextOf('snapshot');
      expect((await join('student09', S.oceanLive, room)).statusCode).toBe(200);
      const joined = await s.nextOf('events');
      expect(joined.events[0]).toMatchObject({
        type: 'joinStream',
        payload: { user: { displayName: 'Kaito' } },
      });
      expect((await leave('student09', S.oceanLive, room)).statusCode).toBe(200);
      expect((await s.nextOf('events')).events[0]).toMatchObject({ type: 'leaveStream' });
    } finally {
      await s.close();
    }
  });
});
