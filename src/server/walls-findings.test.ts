import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from './seed/demo';
import { createTestApp, type TestApp } from './testing/test-app';

/**
 * One test per finding of issue 8 this branch owns (each failed on 6141f8f): the session-wide
 * participant list (2), reactions on a room-only comment (3, reaction half), the report of a
 * PRIVATE session, a room one may not open answering like a missing one, and login names.
 * The WebSocket subscribe finding is in realtime/rooms.test.ts.
 */

let t: TestApp;
const S = DEMO_IDS.sessions;
const G = DEMO_IDS.groups;
let room = '';
let roomComment = '';
let student01 = '';

const call = async (account: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: await t.authHeader(account),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  t = await createTestApp();
  const created = await call('teacher', 'POST', '/v1/stream', {
    sessionId: S.oceanLive,
    name: 'Class 2-A',
    lang: 'ja',
    groupIds: [G.class2a],
    settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
  });
  room = (created.json() as { item: { id: string } }).item.id;
  // student01 joins only the class room; sakura01 joins the shared session on its own.
  expect(
    (await call('student01', 'POST', `/v1/session/${S.oceanLive}/join`, { streamId: room }))
      .statusCode,
  ).toBe(200);
  expect((await call('sakura01', 'POST', `/v1/session/${S.oceanLive}/join`, {})).statusCode).toBe(
    200,
  );
  const comment = await call('student01', 'POST', `/v1/session/${S.oceanLive}/comment`, {
    type: 'LIVE-JA',
    content: 'in the room only',
    streamId: room,
  });
  roomComment = (comment.json() as { item: { id: string } }).item.id;
  student01 = (await t.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', 'student01')
    .executeTakeFirstOrThrow())!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Participant = { id: string; displayName: string; school: { id: string } | null };
const participants = async (account: string) => {
  const res = await call(account, 'GET', `/v1/session/${S.oceanLive}/users`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Participant[] }).items;
};

describe('issue 8, finding 2: GET /v1/session/{id}/users without streamId', () => {
  it("does not list a class room's pupil, nor the demo school, to another school", async () => {
    const seen = await participants('sakura01');
    expect(seen.map((p) => p.id)).not.toContain(student01);
    expect(seen.every((p) => p.school?.id === DEMO_IDS.otherSchool)).toBe(true);
    expect(seen.length).toBe(1); // sakura01 itself
  });

  it('still lists the room pupil to the room and its school, but not the other school', async () => {
    const seen = await participants('teacher');
    expect(seen.map((p) => p.id)).toContain(student01);
    expect(seen.every((p) => p.school?.id === DEMO_IDS.school)).toBe(true);
  });
});

describe('issue 8, finding 3 (reactions): POST /v1/action on a room-only comment', () => {
  it("refuses another school's reaction like a missing comment and stores nothing", async () => {
    for (const account of ['sakura01', 'sakura-teacher']) {
      const res = await call(account, 'POST', '/v1/action', {
        target: 'comment',
        targetId: roomComment,
        type: 'wow',
      });
      const missing = await call(account, 'POST', '/v1/action', {
        target: 'comment',
        targetId: 'no-such-comment',
        type: 'wow',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    const stored = await t.db
      .selectFrom('actions')
      .select('id')
      .where('target_id', '=', roomComment)
      .execute();
    expect(stored).toEqual([]);
    const read = await call('sakura01', 'GET', `/v1/action?target=comment&targetId=${roomComment}`);
    expect(read.statusCode).toBe(404);
  });

  it("counts only the caller's school on a shared session", async () => {
    const react = (account: string) =>
      call(account, 'POST', '/v1/action', {
        target: 'session',
        targetId: S.oceanArchive,
        type: 'wow',
      });
    expect((await react('student02')).statusCode).toBe(200);
    const other = await react('sakura01');
    expect(other.statusCode).toBe(200);
    // sakura01 sees its own reaction only, not the demo school's.
    expect((other.json() as { item: { counts: { wow: number } } }).item.counts.wow).toBe(1);
    // So do the session's own counts, on the session and in the list.
    type Emotions = { emotions: { wow: number } };
    const session = await call('sakura01', 'GET', `/v1/session/${S.oceanArchive}`);
    expect((session.json() as { item: Emotions }).item.emotions.wow).toBe(1);
    const list = await call('sakura01', 'GET', '/v1/sessions');
    const inList = (list.json() as { items: Array<Emotions & { id: string }> }).items.find(
      (s) => s.id === S.oceanArchive,
    );
    expect(inList?.emotions.wow).toBe(1);
    const staff = await call('staff', 'GET', `/v1/session/${S.oceanArchive}`);
    expect((staff.json() as { item: Emotions }).item.emotions.wow).toBe(2);
  });
});

describe('issue 8: votes belong to the room, session tallies to the school', () => {
  it("keeps the room's and the demo school's ballots out of another school's tally", async () => {
    const ballot = (account: string, streamId?: string) =>
      call(account, 'POST', `/v1/session/${S.oceanLive}/vote`, {
        voteKey: 'ocean-vote-1',
        choice: 'Bottles',
        ...(streamId ? { streamId } : {}),
      });
    expect((await ballot('student01', room)).statusCode).toBe(200);
    expect((await ballot('student02')).statusCode).toBe(200);
    type Tallies = { items: Array<{ voteKey: string; total: number }> };
    const totalFor = async (account: string) => {
      const res = await call(account, 'GET', `/v1/session/${S.oceanLive}/votes`);
      expect(res.statusCode).toBe(200);
      return (res.json() as Tallies).items.find((i) => i.voteKey === 'ocean-vote-1')?.total ?? 0;
    };
    expect(await totalFor('sakura01')).toBe(0);
    // The demo school's teacher may open the room: the room's and the solo ballot both count.
    expect(await totalFor('teacher')).toBe(2);
    const own = await ballot('sakura01');
    expect((own.json() as { tally: { total: number } }).tally.total).toBe(1);
  });
});

describe('issue 8: the report of a PRIVATE session', () => {
  it('is a 404 for a teacher (PRIVATE sessions are for provider roles), as for a missing one', async () => {
    for (const suffix of ['', '/csv']) {
      const url = (s: string) => `/v1/report/group/${G.class2a}/session/${s}${suffix}`;
      const res = await call('teacher', 'GET', url(S.cityPrivate));
      expect(res.statusCode).toBe(404);
      expect((await call('teacher', 'GET', url('no-such-session'))).statusCode).toBe(404);
    }
    // Provider staff still open it.
    expect(
      (await call('staff', 'GET', `/v1/report/group/${G.class2a}/session/${S.cityPrivate}`))
        .statusCode,
    ).toBe(200);
  });
});

describe('issue 8: a room one may not open answers like a missing one', () => {
  it('host commands: 404 for another school (as for a made-up id), 403 for a member', async () => {
    const body = {
      action: 'pause',
      status: 'paused',
      timeInVideo: 3,
      playbackRate: 1,
      updatedAt: Date.now() + 300,
    };
    const outsider = await call('sakura-teacher', 'POST', `/v1/stream/${room}/pause`, body);
    const madeUp = await call('sakura-teacher', 'POST', '/v1/stream/no-such-room/pause', body);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(madeUp.json());
    expect((await call('student01', 'POST', `/v1/stream/${room}/pause`, body)).statusCode).toBe(
      403,
    );
  });

  it("the room's participants, votes and joins: 404 for another school", async () => {
    for (const [method, url, payload] of [
      ['GET', `/v1/session/${S.oceanLive}/users?streamId=${room}`, undefined],
      ['GET', `/v1/session/${S.oceanLive}/votes?streamId=${room}`, undefined],
      ['POST', `/v1/session/${S.oceanLive}/join`, { streamId: room }],
    ] as const) {
      expect((await call('sakura01', method, url, payload)).statusCode, url).toBe(404);
    }
  });
});

describe('issue 8: login names', () => {
  const loginNameOf = async (viewer: string, who: string) => {
    const res = await call(viewer, 'GET', `/v1/user/${who}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { item: { id: string; _id: string } }).item;
  };

  it('a classmate sees the row id, never the login name', async () => {
    const seen = await loginNameOf('student02', 'student01');
    expect(seen.id).toBe(student01);
    expect(seen._id).toBe(student01);
    const outputs = await call('student02', 'GET', `/v1/session/${S.oceanArchive}/outputs`);
    expect(outputs.body).not.toMatch(/"student0[13-9]"/);
  });

  it('the account itself and staff roles see it', async () => {
    expect((await loginNameOf('student01', 'student01')).id).toBe('student01');
    expect((await loginNameOf('teacher', 'student01')).id).toBe('student01');
    expect((await loginNameOf('staff', 'student01')).id).toBe('student01');
  });
});
