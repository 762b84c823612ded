import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contracts/errors';
import { ListStreamsResponse, StreamCommandResponse, StreamResponse } from '../../contracts/stream';
import type { Stream } from '../../contracts/entities';
import { openSocket } from '../realtime/test-socket';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let teacher: { authorization: string };
let teacherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  teacherToken = (await t.login('teacher')).token;
  teacher = { authorization: `Bearer ${teacherToken}` };
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;

const roomBody = (overrides: Record<string, unknown> = {}) => ({
  sessionId: DEMO_IDS.sessions.oceanLive,
  name: 'Class 2-A',
  lang: 'ja',
  groupIds: [DEMO_IDS.groups.class2a],
  settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
  ...overrides,
});

async function createRoom(overrides: Record<string, unknown> = {}): Promise<Stream> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: teacher,
    payload: roomBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return StreamResponse.parse(res.json()).item;
}

async function list(headers: { authorization: string }, query = ''): Promise<Stream[]> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/streams${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return ListStreamsResponse.parse(res.json()).items;
}

const command = (id: string, kind: string, body: Record<string, unknown>, headers = teacher) =>
  t.app.inject({ method: 'POST', url: `/v1/stream/${id}/${kind}`, headers, payload: body });

const playBody = (action = 'play', extra: Record<string, unknown> = {}) => ({
  action,
  status: action === 'play' ? 'playing' : 'paused',
  timeInVideo: 3,
  playbackRate: 1,
  updatedAt: Date.now() + 300,
  ...extra,
});

describe('stream CRUD', () => {
  it('creates a room for the host with the trimmed name and the host display name', async () => {
    const room = await createRoom({ name: '  Morning room  ' });
    expect(room).toMatchObject({
      name: 'Morning room',
      hostDisplayName: 'Sato Sensei',
      isDeleted: false,
      groupIds: [DEMO_IDS.groups.class2a],
    });
    const student = await t.authHeader('student01');
    expect((await list(student)).map((s) => s.id)).toContain(room.id);
  });

  it('refuses a 16-character name, a blank one, and a bad language with 400', async () => {
    for (const payload of [
      roomBody({ name: 'x'.repeat(16) }),
      roomBody({ name: '   ' }),
      roomBody({ lang: 'fr' }),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/stream',
        headers: teacher,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(ErrorBody.parse(res.json()).error.code).toBe('badRequest');
    }
    const fifteen = await createRoom({ name: 'x'.repeat(15) });
    expect(fifteen.name).toHaveLength(15);
  });

  it("refuses another school's group (403) and a pupil as host (403)", async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: teacher,
      payload: roomBody({ groupIds: [DEMO_IDS.groups.class2a, DEMO_IDS.groups.sakura1a] }),
    });
    expect(foreign.statusCode).toBe(403);
    expect(ErrorBody.parse(foreign.json()).error.code).toBe('forbidden');
    const byStudent = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: await t.authHeader('student01'),
      payload: roomBody(),
    });
    expect(byStudent.statusCode).toBe(403);
  });

  it('follows the group tree: a grade room reaches its classes, a grade member hosts for a class', async () => {
    // The staff member belongs to Grade 2 only; Class 2-A is under it, the suspended Class 2-B too.
    const staff = await t.authHeader('staff');
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: staff,
      payload: roomBody({ name: 'Grade room', groupIds: [DEMO_IDS.groups.grade2] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const gradeRoom = StreamResponse.parse(res.json()).item;
    const forClass = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: staff,
      payload: roomBody({ name: 'Class room' }),
    });
    expect(forClass.statusCode, forClass.body).toBe(200);
    const suspended = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: staff,
      payload: roomBody({ name: 'Closed class', groupIds: [DEMO_IDS.groups.class2b] }),
    });
    expect(suspended.statusCode).toBe(403);
    // A pupil of Class 2-A sees the room shared with the whole grade.
    const pupilRooms = (await list(await t.authHeader('student01'))).map((s) => s.id);
    expect(pupilRooms).toContain(gradeRoom.id);
    expect(pupilRooms).toContain(StreamResponse.parse(forClass.json()).item.id);
    // Another school does not.
    expect((await list(await t.authHeader('sakura01'))).map((s) => s.id)).not.toContain(
      gradeRoom.id,
    );
  });

  it('lets only the host edit; a partial PUT keeps the other fields', async () => {
    const room = await createRoom();
    for (const account of ['staff', 'student01']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/stream/${room.id}`,
        headers: await t.authHeader(account),
        payload: { name: 'Taken over' },
      });
      expect(res.statusCode, account).toBe(403);
    }
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/stream/${room.id}`,
      headers: teacher,
      payload: { name: 'Renamed', lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(StreamResponse.parse(res.json()).item).toMatchObject({
      name: 'Renamed',
      lang: 'en',
      groupIds: room.groupIds,
      settings: room.settings,
    });
  });

  it('soft-deletes: the room leaves the list and list followers get streamUpsert then streamRemove', async () => {
    const student = await openSocket(t.app, (await t.login('student02')).token);
    const outsider = await openSocket(t.app, (await t.login('sakura01')).token);
    try {
      student.send({ type: 'subscribeStreams' });
      outsider.send({ type: 'subscribeStreams' });
      // Both subscriptions hold before the room is created.
      await student.nextOf('streamsSubscribed');
      await outsider.nextOf('streamsSubscribed');
      const room = await createRoom({ name: 'To delete' });
      expect(await student.nextOf('streamUpsert')).toMatchObject({ stream: { id: room.id } });

      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/stream/${room.id}`,
        headers: teacher,
        payload: { isDeleted: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await student.nextOf('streamRemove')).toMatchObject({ id: room.id });
      expect((await list(teacher)).map((s) => s.id)).not.toContain(room.id);
      expect((await list(teacher, '?isDeleted=true')).map((s) => s.id)).toContain(room.id);
      // Another school's pupil heard nothing of it.
      expect(await outsider.silentFor(200)).toBe(true);
      // A deleted room takes no commands.
      expect((await command(room.id, 'play', playBody())).statusCode).toBe(404);
    } finally {
      await student.close();
      await outsider.close();
    }
  });

  it('lists only rooms that started within the last 12 hours (or start later)', async () => {
    const old = await createRoom({
      name: 'Yesterday',
      settings: {
        startTime: Date.now() - 13 * HOUR,
        participantVideoVisiblity: false,
        videoQuality: 'low',
      },
    });
    const recent = await createRoom({
      name: 'This morning',
      settings: {
        startTime: Date.now() - 11 * HOUR,
        participantVideoVisiblity: false,
        videoQuality: 'low',
      },
    });
    const later = await createRoom({
      name: 'Tonight',
      settings: {
        startTime: Date.now() + 5 * HOUR,
        participantVideoVisiblity: false,
        videoQuality: 'low',
      },
    });
    const ids = (await list(teacher)).map((s) => s.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(ids).toContain(later.id);
    // Sorted by start time.
    expect(ids.indexOf(recent.id)).toBeLessThan(ids.indexOf(later.id));
    // An explicit startTimeAfter reaches further back.
    const since = Date.now() - 14 * HOUR;
    expect((await list(teacher, `?startTimeAfter=${since}`)).map((s) => s.id)).toContain(old.id);
  });

  it("hides a room from another school's users: not listed, 404 on read", async () => {
    const room = await createRoom();
    const outsider = await t.authHeader('sakura01');
    expect((await list(outsider)).map((s) => s.id)).not.toContain(room.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/stream/${room.id}`,
      headers: outsider,
    });
    expect(res.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/v1/stream/${room.id}`,
      headers: await t.authHeader('student03'),
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('host commands', () => {
  it("refuses a non-host's command with 403 and an unknown room with 404", async () => {
    const room = await createRoom();
    const student = await t.authHeader('student01');
    const res = await command(room.id, 'play', playBody(), student);
    expect(res.statusCode).toBe(403);
    expect(ErrorBody.parse(res.json()).error.code).toBe('forbidden');
    expect((await command('no-such-room', 'play', playBody())).statusCode).toBe(404);
  });

  it('refuses a body whose action differs from the path, and an unknown kind (400)', async () => {
    const room = await createRoom();
    expect((await command(room.id, 'pause', playBody('play'))).statusCode).toBe(400);
    expect((await command(room.id, 'dance', playBody('play'))).statusCode).toBe(400);
    expect((await command(room.id, 'play', { ...playBody(), playbackRate: 9 })).statusCode).toBe(
      400,
    );
  });

  it('stamps server time and seq, and clamps effectiveAt to [now, now + 2 s]', async () => {
    const room = await createRoom();
    const before = Date.now();
    const far = await command(room.id, 'play', playBody('play', { updatedAt: before + 60_000 }));
    expect(far.statusCode, far.body).toBe(200);
    const e1 = StreamCommandResponse.parse(far.json()).item;
    expect(e1.seq).toBe(1);
    expect(e1.serverTime).toBeGreaterThanOrEqual(before - 1);
    expect(e1.effectiveAt - e1.serverTime).toBeLessThanOrEqual(2000);

    const past = await command(room.id, 'pause', playBody('pause', { updatedAt: before - 60_000 }));
    const e2 = StreamCommandResponse.parse(past.json()).item;
    expect(e2.seq).toBe(2);
    // Never before the previous anchor, never in the past.
    expect(e2.effectiveAt).toBeGreaterThanOrEqual(e1.effectiveAt);
    expect(e2.effectiveAt).toBeGreaterThanOrEqual(e2.serverTime);
  });

  it('gives concurrent commands distinct consecutive seqs', async () => {
    const room = await createRoom();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        command(room.id, 'ping', {
          action: 'ping',
          status: 'playing',
          timeInVideo: i,
          playbackRate: 1,
          updatedAt: Date.now(),
        }),
      ),
    );
    const seqs = results.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return StreamCommandResponse.parse(r.json()).item.seq;
    });
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('continues the log after another server instance appended (seq collision retried)', async () => {
    const room = await createRoom();
    const first = StreamCommandResponse.parse((await command(room.id, 'play', playBody())).json());
    expect(first.item.seq).toBe(1);
    // Another instance writes seq 2 behind this process's back.
    await t.db
      .insertInto('stream_events')
      .values({
        stream_id: room.id,
        seq: 2,
        type: 'pause',
        payload: JSON.stringify({
          userId: first.item.payload.userId,
          status: 'paused',
          timeInVideo: 5,
          playbackRate: 1,
        }),
        user_id: first.item.payload.userId,
        server_time: new Date(),
        effective_at: new Date(Date.now() + 1500),
      })
      .execute();
    const next = await command(room.id, 'skip', playBody('skip', { updatedAt: Date.now() }));
    expect(next.statusCode, next.body).toBe(200);
    const e3 = StreamCommandResponse.parse(next.json()).item;
    expect(e3.seq).toBe(3);
    // The other instance's anchor (1.5 s ahead) was read back: the skip is not scheduled before it.
    expect(e3.effectiveAt).toBeGreaterThanOrEqual(Date.now() + 1000);
  });

  it('refuses playback commands after terminate (409) but still shows a chapter', async () => {
    const room = await createRoom();
    expect((await command(room.id, 'terminate', playBody('terminate'))).statusCode).toBe(200);
    const again = await command(room.id, 'play', playBody('play'));
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).error.code).toBe('conflict');
    const chapter = await command(room.id, 'chapter', {
      ...playBody('chapter'),
      timedAction: { start: 0, action: 'chapter', params: { name: 'Recap' } },
      active: true,
    });
    expect(chapter.statusCode, chapter.body).toBe(200);
  });
});
