import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportSessionResponse, ReportSessionsResponse } from '../../contracts/api/reports';
import { StreamResponse } from '../../contracts/stream';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp, userIdOf } from '../testing/test-app';

/**
 * Issue 9, item 1: a pupil who watched in the teacher's room, or alone, attended. Joins go
 * through the real routes (a room join records only joinStream); the report must count them,
 * and its session row must agree with its per-pupil rows.
 */
let t: TestApp;
const CLASS = DEMO_IDS.groups.class2a;
const LIVE = DEMO_IDS.sessions.oceanLive;
const ARCHIVE = DEMO_IDS.sessions.forestArchive;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const userId = (account: string) => userIdOf(t.db, account);

async function join(account: string, sessionId: string, streamId?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/session/${sessionId}/join`,
    headers: await t.authHeader(account),
    payload: streamId ? { streamId } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function report(sessionId: string) {
  const teacher = await t.authHeader('teacher');
  const rows = ReportSessionsResponse.parse(
    (await t.app.inject({ url: `/v1/report/group/${CLASS}/sessions`, headers: teacher })).json(),
  ).items;
  const detail = ReportSessionResponse.parse(
    (
      await t.app.inject({
        url: `/v1/report/group/${CLASS}/session/${sessionId}`,
        headers: teacher,
      })
    ).json(),
  ).items;
  return { row: rows.find((r) => r.sessionId === sessionId), detail };
}

describe('attendance in the class report (issue 9, item 1)', () => {
  it('counts pupils who joined through a room as attended, row and pupils agreeing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: await t.authHeader('teacher'),
      payload: {
        sessionId: LIVE,
        name: 'Lesson room',
        lang: 'ja',
        groupIds: [CLASS],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const room = StreamResponse.parse(created.json()).item;
    for (const s of ['student07', 'student08', 'student09']) await join(s, LIVE, room.id);
    await t.app.reportScheduler.refresh('manual');

    const { row, detail } = await report(LIVE);
    const attended = detail.filter((r) => r.joinedAt !== null).map((r) => r.userId);
    const ids = await Promise.all(['student07', 'student08', 'student09'].map(userId));
    expect(attended.sort()).toEqual([...ids].sort());
    expect(row?.joined).toBe(3);
    expect(row?.joined).toBe(attended.length);
  });

  it('counts a pupil who watched alone (an archive) as attended', async () => {
    await join('student10', ARCHIVE);
    await t.app.reportScheduler.refresh('manual');
    const { row, detail } = await report(ARCHIVE);
    const me = await userId('student10');
    expect(detail.find((r) => r.userId === me)?.joinedAt).not.toBeNull();
    expect(row?.joined).toBe(detail.filter((r) => r.joinedAt !== null).length);
  });
});
