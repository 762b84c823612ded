import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ReportFeedbacksResponse,
  ReportGroupsResponse,
  ReportMembersResponse,
  ReportSessionResponse,
  ReportSessionsResponse,
  ReportStatusResponse,
} from '../../contracts/api/reports';
import { REPORT_REFRESH_ON_DEMAND_INTERVAL_MS } from '../../contracts/constants';
import { ErrorBody } from '../../contracts/errors';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/database';
import { CSV_BOM } from '../reports/csv';
import { ReportScheduler, type SchedulerClock } from '../reports/scheduler';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * A school of its own (so the demo data cannot move the numbers): Grade R with Class R-1 below
 * it and a suspended Class R-X. Pupils p1 and p2 are in R-1, p3 only in the suspended class.
 */
const SCHOOL = 'school-report';
const GRADE = 'group-report-grade';
const CLASS1 = 'group-report-1';
const SUSPENDED = 'group-report-x';
const PASSWORD = 'report-teacher-pw';
const SESSION = DEMO_IDS.sessions.oceanArchive;
/** Tokyo wall-clock dates as instants (UTC+9). */
const tokyo = (d: number, h = 12) => new Date(Date.UTC(2026, 10, d, h - 9, 0));

let t: TestApp;
/** The server's clock: still unless a test moves it (the refresh limit's window). */
let clockShift = 0;
const startedAt = Date.now();
const ids: Record<string, string> = {};

async function fixtures(db: Db) {
  await db.insertInto('schools').values({ id: SCHOOL, name: 'レポート中学校' }).execute();
  await db
    .insertInto('groups')
    .values([
      { id: GRADE, school_id: SCHOOL, parent_id: null, name: 'Grade R' },
      { id: CLASS1, school_id: SCHOOL, parent_id: GRADE, name: 'Class R-1' },
      {
        id: SUSPENDED,
        school_id: SCHOOL,
        parent_id: GRADE,
        name: 'Class R-X',
        confirm_type: 'suspended',
      },
    ])
    .execute();
  const hash = await hashPassword(PASSWORD);
  const user = async (
    account: string,
    role: 'teacher' | 'member',
    school: string,
    group: string,
    studentNumber: string | null = null,
  ) => {
    const row = await db
      .insertInto('users')
      .values({
        account,
        name: `${account} name`,
        display_name: account,
        password_hash: hash,
        role,
        school_id: school,
        student_number: studentNumber,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('group_members').values({ group_id: group, user_id: row.id }).execute();
    ids[account] = row.id;
  };
  await user('rteacher', 'teacher', SCHOOL, GRADE);
  await user('rp1', 'member', SCHOOL, CLASS1, '1');
  await user('rp2', 'member', SCHOOL, CLASS1, '2');
  await user('rp3', 'member', SCHOOL, SUSPENDED, '3');
  await user('sakurateacher', 'teacher', DEMO_IDS.otherSchool, DEMO_IDS.groups.sakura1a);

  const work = await db
    .selectFrom('session_works')
    .select('work_id')
    .where('session_id', '=', SESSION)
    .executeTakeFirstOrThrow();
  const output = async (key: string, userId: string, status: 'published' | 'pending', at: Date) => {
    const row = await db
      .insertInto('outputs')
      .values({
        session_id: SESSION,
        work_id: work.work_id,
        user_id: userId,
        description: `${key} text`,
        status,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  };
  await output('o3', ids.rp2!, 'published', tokyo(1));
  await output('o1', ids.rp1!, 'published', tokyo(10));
  await output('o2', ids.rp2!, 'pending', tokyo(11));
  await output('o4', ids.rp3!, 'published', tokyo(12));
  for (const p of ['rp1', 'rp2', 'rp3']) {
    await db
      .insertInto('activities')
      .values({
        type: 'joinSession',
        user_id: ids[p]!,
        session_id: SESSION,
        created_at: tokyo(10, 9),
      })
      .execute();
  }
  const feedback = async (
    key: string,
    from: string,
    on: string,
    status: 'published' | 'pending' | 'rejected',
  ) => {
    const row = await db
      .insertInto('feedbacks')
      .values({
        output_id: ids[on]!,
        session_id: SESSION,
        work_id: work.work_id,
        user_id: ids[from]!,
        content: `${key} comment`,
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
  };
  await feedback('f1', 'rp2', 'o1', 'published'); // counts: rp2 gave, rp1 received
  await feedback('f2', 'rp1', 'o2', 'rejected'); // rejected: counts for no one
  await feedback('f3', 'rp1', 'o1', 'published'); // on one's own output: given, not received
  await feedback('f4', 'rp2', 'o4', 'pending'); // pending feedback, for the queue
  await db
    .insertInto('reflections')
    .values({ session_id: SESSION, user_id: ids.rp1!, status: 'published' })
    .execute();
  await db
    .insertInto('reflections')
    .values({ session_id: SESSION, user_id: ids.rp2!, status: 'draft' })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp({ fixtures, clock: () => startedAt + clockShift });
  await t.app.reportScheduler.refresh('manual');
});
afterAll(async () => {
  await t.close();
});

const codeOf = (res: { body: string }) => ErrorBody.parse(JSON.parse(res.body)).error.code;
const headerOf = async (account: string) =>
  ['rteacher', 'sakurateacher', 'rp1', 'rp2', 'rp3'].includes(account)
    ? t.authHeader(account, PASSWORD)
    : t.authHeader(account);
const get = async (account: string, url: string) =>
  t.app.inject({ url, headers: await headerOf(account) });

const ROUTES = [
  '/v1/report/groups',
  '/v1/report/status',
  `/v1/report/group/${GRADE}/sessions`,
  `/v1/report/group/${GRADE}/sessions/csv`,
  `/v1/report/group/${GRADE}/session/${SESSION}`,
  `/v1/report/group/${GRADE}/session/${SESSION}/csv`,
  `/v1/report/group/${GRADE}/members`,
  `/v1/report/group/${GRADE}/members/csv`,
  '/v1/report/feedbacks',
  '/v1/report/feedbacks/csv',
];

describe('report access', () => {
  it('a member gets 403 on every report route, a graduate too; no token is 401', async () => {
    for (const url of ROUTES) {
      const res = await get('rp1', url);
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 403, 'forbidden']);
      expect((await get('graduate', url)).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/report/refresh',
      headers: await headerOf('rp1'),
    });
    expect(refresh.statusCode).toBe(403);
  });

  it('a teacher lists their groups and those below, suspended ones left out', async () => {
    const res = await get('rteacher', '/v1/report/groups');
    expect(ReportGroupsResponse.parse(res.json()).items.map((g) => g.id)).toEqual([GRADE, CLASS1]);
    const demo = ReportGroupsResponse.parse((await get('teacher', '/v1/report/groups')).json());
    expect(demo.items.map((g) => g.id)).toContain(DEMO_IDS.groups.class2a);
    expect(demo.items.map((g) => g.id)).not.toContain(DEMO_IDS.groups.class2b);
  });

  it("a teacher of another school gets 404 on the group's every route", async () => {
    for (const url of ROUTES.filter((u) => u.includes(GRADE))) {
      const res = await get('sakurateacher', url);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    // …and a teacher of the same school outside the group too.
    expect(
      (await get('rteacher', `/v1/report/group/${DEMO_IDS.groups.class2a}/sessions`)).statusCode,
    ).toBe(404);
  });

  it('a suspended group is 404 even for its own teacher and for admin', async () => {
    expect(
      (await get('teacher', `/v1/report/group/${DEMO_IDS.groups.class2b}/sessions`)).statusCode,
    ).toBe(404);
    expect((await get('admin', `/v1/report/group/${SUSPENDED}/members`)).statusCode).toBe(404);
    expect((await get('rteacher', '/v1/report/group/no-such-group/members')).statusCode).toBe(404);
  });

  it('admin and staff open any active group without belonging to it', async () => {
    for (const account of ['admin', 'staff']) {
      const res = await get(account, `/v1/report/group/${GRADE}/sessions`);
      expect([account, res.statusCode]).toEqual([account, 200]);
    }
  });
});

describe('report aggregates on a fixed data set', () => {
  it('sessions: pupils of the group and its active subgroups, joins, outputs, feedback, reflections', async () => {
    const body = ReportSessionsResponse.parse(
      (await get('rteacher', `/v1/report/group/${GRADE}/sessions`)).json(),
    );
    expect(body.refreshedAt).not.toBeNull();
    expect(body.items).toEqual([
      expect.objectContaining({
        sessionId: SESSION,
        members: 2,
        joined: 2,
        outputs: 3,
        feedbackGiven: 3,
        feedbackReceived: 1,
        reflections: 1,
      }),
    ]);
  });

  it('session detail: one row per pupil and the posting status with the latest output', async () => {
    const body = ReportSessionResponse.parse(
      (await get('rteacher', `/v1/report/group/${CLASS1}/session/${SESSION}`)).json(),
    );
    expect(
      body.items.map(({ userId, outputs, feedbackGiven, feedbackReceived, reflections }) => [
        userId,
        outputs,
        feedbackGiven,
        feedbackReceived,
        reflections,
      ]),
    ).toEqual([
      [ids.rp1, 1, 1, 1, 1],
      [ids.rp2, 2, 2, 0, 0],
    ]);
    expect(body.items.every((r) => r.joinedAt === tokyo(10, 9).getTime())).toBe(true);
    expect(
      body.postingStatus.map((r) => [r.userId, r.latestOutput?.id, r.latestOutput?.status]),
    ).toEqual([
      [ids.rp1, ids.o1, 'published'],
      [ids.rp2, ids.o2, 'pending'],
    ]);
  });

  it('members: totals per pupil over sessions', async () => {
    const body = ReportMembersResponse.parse(
      (await get('staff', `/v1/report/group/${GRADE}/members`)).json(),
    );
    expect(
      body.items.map((r) => [
        r.displayName,
        r.sessionsJoined,
        r.outputs,
        r.feedbackGiven,
        r.feedbackReceived,
        r.reflections,
      ]),
    ).toEqual([
      ['rp1', 1, 1, 1, 1, 1],
      ['rp2', 1, 2, 2, 0, 0],
    ]);
  });

  it('an unknown session is 404', async () => {
    expect(
      (await get('rteacher', `/v1/report/group/${GRADE}/session/no-such-session`)).statusCode,
    ).toBe(404);
  });

  it('feedbacks: the school scope, feedback-zero and the Tokyo date range', async () => {
    const all = ReportFeedbacksResponse.parse(
      (await get('rteacher', `/v1/report/feedbacks?groupId=${GRADE}`)).json(),
    );
    expect(all.items.map((r) => [r.outputId, r.feedbacks])).toEqual([
      [ids.o2, 0],
      [ids.o1, 2],
      [ids.o3, 0],
    ]);
    const zero = ReportFeedbacksResponse.parse(
      (await get('rteacher', '/v1/report/feedbacks?zero=true')).json(),
    );
    // o4's author is in the suspended class but of this school: still the school's output.
    expect(zero.count).toBe(1);
    expect(zero.items.map((r) => r.outputId)).toEqual([ids.o3]);
    const from2 = ReportFeedbacksResponse.parse(
      (await get('rteacher', '/v1/report/feedbacks?zero=true&start=2026-11-02')).json(),
    );
    expect(from2.count).toBe(0);
    const upTo1 = ReportFeedbacksResponse.parse(
      (
        await get('rteacher', '/v1/report/feedbacks?zero=true&start=2026-11-01&end=2026-11-01')
      ).json(),
    );
    expect(upTo1.items.map((r) => r.outputId)).toEqual([ids.o3]);
    // Another school's teacher sees none of it.
    const other = ReportFeedbacksResponse.parse(
      (await get('sakurateacher', '/v1/report/feedbacks')).json(),
    );
    expect(other.items.some((r) => r.userId === ids.rp1)).toBe(false);
  });
});

describe('CSV export', () => {
  it('is UTF-8 with a BOM, headed in the reader’s language, one line per row', async () => {
    const res = await get('rteacher', `/v1/report/group/${GRADE}/members/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('members.csv');
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      '出席番号,氏名,表示名,参加セッション数,アウトプット数,送ったフィードバック,受け取ったフィードバック,ふりかえり数',
      '1,rp1 name,rp1,1,1,1,1,1',
      '2,rp2 name,rp2,1,2,2,0,0',
    ]);
    const sessions = await get('rteacher', `/v1/report/group/${GRADE}/sessions/csv`);
    expect(sessions.body.slice(1).split('\r\n')[1]).toMatch(/,2,2,3,3,1,1$/);
    const firstLine = async (url: string) =>
      (await get('rteacher', url)).body.slice(1).split('\r\n')[0];
    expect(await firstLine(`/v1/report/group/${GRADE}/session/${SESSION}/csv`)).toBe(
      '出席番号,氏名,表示名,参加日時,アウトプット数,送ったフィードバック,受け取ったフィードバック,ふりかえり数',
    );
    expect(await firstLine('/v1/report/feedbacks/csv')).toBe(
      '投稿日時,セッション,表示名,アウトプット,状態,フィードバック数',
    );
  });
});

describe('refresh', () => {
  const refresh = async (account: string, body?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/report/refresh',
      headers: await headerOf(account),
      ...(body ? { payload: body } : {}),
    });

  it('on demand for staff roles, production included, unless disabled; status says when and what is next', async () => {
    const ok = await refresh('rteacher');
    expect(ok.statusCode).toBe(200);
    const status = ReportStatusResponse.parse((await get('rteacher', '/v1/report/status')).json());
    expect(status.canRefresh).toBe(true);
    expect(status.refreshedAt).toBe(ok.json<{ refreshedAt: number }>().refreshedAt);
    expect(status.nextRefreshAt).toBeGreaterThan(Date.now());
    // Issue 24: a real staff feature in production too; only an explicit false turns it off.
    const prod = await t.withEnv({ NODE_ENV: 'production' });
    const prodStatus = await prod.inject({
      url: '/v1/report/status',
      headers: await headerOf('admin'),
    });
    expect(ReportStatusResponse.parse(prodStatus.json()).canRefresh).toBe(true);
    const off = await t.withEnv({ NODE_ENV: 'production', REPORT_REFRESH_ON_DEMAND: 'false' });
    const res = await off.inject({
      method: 'POST',
      url: '/v1/report/refresh',
      headers: await headerOf('rteacher'),
    });
    expect(res.statusCode).toBe(403);
    clockShift += REPORT_REFRESH_ON_DEMAND_INTERVAL_MS;
  });

  it('once a minute per staff user and per group: 429 with Retry-After, then again after the window', async () => {
    const first = await refresh('rteacher', { groupId: CLASS1 });
    expect(first.statusCode, first.body).toBe(200);
    const again = await refresh('rteacher', { groupId: GRADE });
    expect(again.statusCode).toBe(429);
    expect(codeOf(again)).toBe('tooManyRequests');
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(REPORT_REFRESH_ON_DEMAND_INTERVAL_MS / 1000);
    // Another staff user on the same group is limited by the group; on no group they may.
    expect((await refresh('admin', { groupId: CLASS1 })).statusCode).toBe(429);
    expect((await refresh('admin')).statusCode).toBe(200);
    // Nothing was rebuilt for the refused calls.
    const manual = await t.db
      .selectFrom('report_refreshes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('trigger', '=', 'manual')
      .executeTakeFirstOrThrow();
    clockShift += REPORT_REFRESH_ON_DEMAND_INTERVAL_MS - 1000;
    expect((await refresh('rteacher', { groupId: CLASS1 })).statusCode).toBe(429);
    clockShift += 1000;
    expect((await refresh('rteacher', { groupId: CLASS1 })).statusCode).toBe(200);
    const after = await t.db
      .selectFrom('report_refreshes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('trigger', '=', 'manual')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(manual.n) + 1);
    clockShift += REPORT_REFRESH_ON_DEMAND_INTERVAL_MS;
  });

  it('refuses a group the caller may not open (404, like every report route) and a pupil (403)', async () => {
    expect((await refresh('sakurateacher', { groupId: CLASS1 })).statusCode).toBe(404);
    expect((await refresh('rteacher', { groupId: 'no-such-group' })).statusCode).toBe(404);
    expect((await refresh('rteacher', { groupId: CLASS1, extra: 1 })).statusCode).toBe(400);
    expect((await refresh('rp1', { groupId: CLASS1 })).statusCode).toBe(403);
  });

  it('a reflection a pupil writes reaches the report after the refresh', async () => {
    // A session nobody in the class has done anything in yet: its row appears with the reflection.
    const LIVE = DEMO_IDS.sessions.oceanLive;
    const rowOf = async () =>
      ReportSessionsResponse.parse(
        (await get('rteacher', `/v1/report/group/${CLASS1}/sessions`)).json(),
      ).items.find((r) => r.sessionId === LIVE);
    const before = (await rowOf())?.reflections ?? 0;
    const written = await t.app.inject({
      method: 'POST',
      url: `/v1/session/${LIVE}/reflection`,
      headers: await headerOf('rp1'),
      payload: { ideaNote: 'Waves carry sand.', status: 'published' },
    });
    expect(written.statusCode, written.body).toBe(200);
    // Not yet: the report reads the aggregates.
    expect((await rowOf())?.reflections ?? 0).toBe(before);
    expect((await refresh('rteacher', { groupId: CLASS1 })).statusCode).toBe(200);
    expect((await rowOf())?.reflections).toBe(before + 1);
    clockShift += REPORT_REFRESH_ON_DEMAND_INTERVAL_MS;
  });

  it('refreshes asked for while one runs share one more rebuild', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('report_refreshes')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const runs = await Promise.all([
      t.app.reportScheduler.refresh('manual'),
      t.app.reportScheduler.refresh('manual'),
      t.app.reportScheduler.refresh('manual'),
      t.app.reportScheduler.refresh('manual'),
    ]);
    // The first runs; the three asked meanwhile share the second.
    expect(await count()).toBe(before + 2);
    expect(runs[1]).toBe(runs[3]);
    expect(runs[0]).not.toBe(runs[1]);
  });

  it('the scheduler refreshes at the next time on its clock and re-arms', async () => {
    let now = tokyo(21, 8); // 8:00 in Tokyo
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const clock: SchedulerClock = {
      now: () => now,
      setTimeout: (fn, ms) => timers.push({ fn, ms }),
      clearTimeout: () => undefined,
    };
    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o), error: (o: unknown) => logged.push(o) };
    const scheduler = new ReportScheduler(t.db, log as never, 'Asia/Tokyo', clock);
    await scheduler.start(); // aggregates exist already: no startup refresh
    expect(logged).toEqual([]);
    expect(timers.at(-1)!.ms).toBe(30 * 60 * 1000);

    now = new Date(now.getTime() + 30 * 60 * 1000);
    timers.at(-1)!.fn();
    await expect.poll(() => timers.length).toBe(2);
    const after = await t.db
      .selectFrom('report_refreshes')
      .select(['trigger', 'finished_at'])
      .where('trigger', '=', 'schedule')
      .execute();
    expect(after.length).toBe(1);
    expect(after[0]!.trigger).toBe('schedule');
    expect(new Date(after[0]!.finished_at)).toEqual(
      new Date(tokyo(21, 8).getTime() + 30 * 60 * 1000),
    );
    expect(timers[1]!.ms).toBe(2 * 60 * 60 * 1000); // 10:30
    scheduler.stop();
  });
});
