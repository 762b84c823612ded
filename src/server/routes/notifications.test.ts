import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationsResponse, type NotificationKind } from '../../contracts/api/notifications';
import { json } from '../db/json';
import { findUserById } from '../users/repository';
import { createTestApp, type TestApp } from '../testing/test-app';
import { listNotifications, notificationWindow } from '../notifications/repository';

const HOUR = 60 * 60 * 1000;
/** A fixed clock for the rule tests: the rows below are placed relative to it. */
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

let t: TestApp;
const ids = new Map<string, string>();
const idOf = (account: string) => ids.get(account)!;

async function notify(
  recipient: string,
  actor: string | null,
  at: number,
  type = 'replyToMyOutput',
  marker = '',
) {
  const row = await t.db
    .insertInto('notifications')
    .values({
      user_id: idOf(recipient),
      type,
      actor_user_id: actor ? idOf(actor) : null,
      items: json({}),
      payload: json(marker ? { id: marker } : {}),
      created_at: new Date(at),
      updated_at: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setReadAt(account: string, at: number | null) {
  await t.db
    .updateTable('users')
    .set({ read_notification_at: at === null ? null : new Date(at) })
    .where('id', '=', idOf(account))
    .execute();
}

async function list(account: string, kind: NotificationKind, now = NOW) {
  const user = await findUserById(t.db, idOf(account));
  return (await listNotifications(t.db, user!, kind, now)).map((n) => n.id);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const r of await t.db.selectFrom('users').select(['id', 'account']).execute())
    ids.set(r.account, r.id);
});
afterAll(async () => {
  await t.close();
});

describe('notificationWindow', () => {
  it('waits 24 hours; only all and projectFeedbackAll start after the read time', () => {
    const read = NOW - 30 * HOUR;
    expect(notificationWindow('me', NOW, read)).toEqual({
      notAfter: new Date(NOW - 24 * HOUR),
      after: null,
      projectFeedbackOnly: false,
    });
    expect(notificationWindow('all', NOW, read).after).toEqual(new Date(read));
    expect(notificationWindow('projectFeedbackAll', NOW, read)).toMatchObject({
      after: new Date(read),
      projectFeedbackOnly: true,
    });
    expect(notificationWindow('all', NOW, null).after).toBeNull();
  });
});

describe('the 24-hour and read-time rules on a fixed clock', () => {
  it("'me' keeps items at least 24 hours old and never the user's own", async () => {
    const old = await notify('student07', 'teacher', NOW - 25 * HOUR);
    const exactly = await notify('student07', 'student08', NOW - 24 * HOUR);
    const young = await notify('student07', 'teacher', NOW - 24 * HOUR + 1);
    const own = await notify('student07', 'student07', NOW - 40 * HOUR);
    await setReadAt('student07', NOW - 26 * HOUR);
    const me = await list('student07', 'me');
    expect(me).toEqual(expect.arrayContaining([old, exactly]));
    expect(me).not.toContain(young);
    expect(me).not.toContain(own);
    // An hour later the young one has waited long enough.
    expect(await list('student07', 'me', NOW + HOUR)).toContain(young);
  });

  it("'all' also drops what is not newer than readNotificationAt", async () => {
    const before = await notify('student09', 'teacher', NOW - 50 * HOUR);
    const after = await notify('student09', 'teacher', NOW - 30 * HOUR);
    await setReadAt('student09', NOW - 40 * HOUR);
    expect(await list('student09', 'all')).toEqual([after]);
    expect(await list('student09', 'me')).toEqual(expect.arrayContaining([before, after]));
    // Never read: everything older than 24 hours is new.
    await setReadAt('student09', null);
    expect(await list('student09', 'all')).toEqual(expect.arrayContaining([before, after]));
  });

  it("'projectFeedbackAll' keeps project feedback older than 24 hours and newer than the read time", async () => {
    const read = NOW - 60 * HOUR;
    await setReadAt('student10', read);
    const fresh = await notify('student10', 'teacher', NOW - 30 * HOUR, 'receiveProjectFeedback');
    const tooYoung = await notify('student10', 'teacher', NOW - 2 * HOUR, 'receiveProjectFeedback');
    const alreadyRead = await notify(
      'student10',
      'teacher',
      NOW - 70 * HOUR,
      'receiveProjectFeedback',
    );
    const otherType = await notify('student10', 'teacher', NOW - 30 * HOUR, 'joinSession');
    expect(await list('student10', 'projectFeedbackAll')).toEqual([fresh]);
    const all = await list('student10', 'all');
    expect(all).toEqual(expect.arrayContaining([fresh, otherType]));
    expect(all).not.toContain(tooYoung);
    expect(all).not.toContain(alreadyRead);
  });

  it('feedback on the user’s output appears 24 hours after posting, grouped per output', async () => {
    const output = await t.db
      .insertInto('outputs')
      .values({
        session_id: 'session-ocean-archive',
        work_id: 'work-ocean-archive',
        user_id: idOf('student11'),
        description: 'My idea',
        status: 'published',
        created_at: new Date(NOW - 80 * HOUR),
        updated_at: new Date(NOW - 80 * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const feedback = async (author: string, at: number, status: 'published' | 'pending') =>
      t.db
        .insertInto('feedbacks')
        .values({
          output_id: output.id,
          session_id: 'session-ocean-archive',
          work_id: 'work-ocean-archive',
          user_id: idOf(author),
          content: 'Nice',
          status,
          created_at: new Date(at),
          updated_at: new Date(at),
        })
        .execute();
    await setReadAt('student11', null);
    await feedback('student12', NOW - 23 * HOUR, 'published');
    await feedback('student13', NOW - 26 * HOUR, 'pending');
    const user = await findUserById(t.db, idOf('student11'));
    expect(await listNotifications(t.db, user!, 'me', NOW)).toEqual([]);
    const later = await listNotifications(t.db, user!, 'me', NOW + 2 * HOUR);
    expect(later).toHaveLength(1);
    expect(later[0]).toMatchObject({
      type: 'replyToMyOutput',
      count: 1,
      items: { feedback: { outputId: output.id } },
    });
    await feedback('student14', NOW - 30 * HOUR, 'published');
    const both = await listNotifications(t.db, user!, 'me', NOW + 2 * HOUR);
    expect(both.map((n) => n.count)).toEqual([2]);
  });
});

describe('GET /v1/notifications', () => {
  it('bare /v1/notifications is the "all" list', async () => {
    const headers = await t.authHeader('student01');
    const ok = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
      return res.json() as { items: Array<Record<string, unknown>> };
    };
    expect(await ok('/v1/notifications')).toEqual(await ok('/v1/notifications/all'));
  });
});

describe('GET /v1/notifications/{kind}', () => {
  async function get(account: string, kind: string) {
    return t.app.inject({
      method: 'GET',
      url: `/v1/notifications/${kind}`,
      headers: await t.authHeader(account),
    });
  }

  it('the seeded student sees the 30-hour-old project feedback, not the 2-hour-old one, and another user never sees it', async () => {
    await setReadAt('student01', null);
    const res = await get('student01', 'projectFeedbackAll');
    expect(res.statusCode).toBe(200);
    const items = NotificationsResponse.parse(res.json()).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'receiveProjectFeedback',
      user: { displayName: expect.any(String) },
    });
    const all = NotificationsResponse.parse((await get('student01', 'all')).json()).items;
    expect(all.map((n) => n.type)).toEqual(
      expect.arrayContaining(['receiveProjectFeedback', 'replyToMyOutput']),
    );

    for (const other of ['student02', 'teacher', 'sakura01']) {
      const theirs = NotificationsResponse.parse((await get(other, 'me')).json()).items;
      const mineIds = new Set(all.map((n) => n.id));
      expect(theirs.filter((n) => mineIds.has(n.id))).toEqual([]);
    }
  });

  it('after readNotificationAt is sent, latest is empty while me keeps the history', async () => {
    const headers = await t.authHeader('student01');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${idOf('student01')}`,
      headers,
      payload: { readNotificationAt: Date.now() },
    });
    expect(put.statusCode).toBe(200);
    expect(NotificationsResponse.parse((await get('student01', 'all')).json()).items).toEqual([]);
    expect(
      NotificationsResponse.parse((await get('student01', 'me')).json()).items.length,
    ).toBeGreaterThan(0);
  });

  it('answers 401 without a token and 400 for an unknown list', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/notifications/me' })).statusCode).toBe(
      401,
    );
    expect((await get('student01', 'everyone')).statusCode).toBe(400);
  });
});
