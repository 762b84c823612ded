import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponse } from '../../contracts/api/auth';
import { GroupMembersResponse } from '../../contracts/api/groups';
import { OutputListResponse } from '../../contracts/api/outputs';
import { SessionUsersResponse } from '../../contracts/api/sessions';
import { GetUserResponse } from '../../contracts/api/users';
import { NotificationsResponse } from '../../contracts/api/notifications';
import { HIDDEN_DISPLAY_NAME } from '../../contracts/entities';
import { ListStreamsResponse, StreamResponse } from '../../contracts/stream';
import { json } from '../db/json';
import { isForbiddenName } from '../moderation/forbidden-name';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/*
 * Spec (accounts and people, roles): "A member whose name is forbidden shows 'no permission'
 * text." A name the screening holds (here a phone number, personal information) reaches only the
 * person and staff roles; everyone else, and every broadcast, gets HIDDEN_DISPLAY_NAME.
 */

const S = DEMO_IDS.sessions;
const FORBIDDEN = '090-1234-5678';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rename = (account: string, displayName: string) =>
  t.db
    .updateTable('users')
    .set({ display_name: displayName })
    .where('account', '=', account)
    .execute();

const idOf = async (account: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).id;

async function get(account: string, url: string) {
  const res = await t.app.inject({ url, headers: await t.authHeader(account) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('a forbidden display name', () => {
  it('is what the screening holds, and no seeded name is', () => {
    expect(isForbiddenName(FORBIDDEN)).toBe(true);
    expect(isForbiddenName('Haruto')).toBe(false);
  });

  it('is hidden from classmates on a profile; the person and teachers see it', async () => {
    await rename('student03', FORBIDDEN);
    const target = await idOf('student03');
    const asClassmate = await get('student02', `/v1/user/${target}`);
    expect(asClassmate.body).not.toContain(FORBIDDEN);
    expect(GetUserResponse.parse(asClassmate.json()).item.displayName).toBe(HIDDEN_DISPLAY_NAME);
    for (const account of ['student03', 'teacher']) {
      const res = await get(account, `/v1/user/${target}`);
      expect(GetUserResponse.parse(res.json()).item.displayName).toBe(FORBIDDEN);
    }
    // The person is told, so they can change it; a classmate with a clean name is not.
    expect(MeResponse.parse((await get('student03', '/v1/me')).json()).item).toMatchObject({
      displayName: FORBIDDEN,
      displayNameHidden: true,
    });
    expect(MeResponse.parse((await get('student02', '/v1/me')).json()).item.displayNameHidden).toBe(
      false,
    );
    // The person sees a clean classmate's name as before.
    const classmate = await get('student03', `/v1/user/${await idOf('student02')}`);
    expect(GetUserResponse.parse(classmate.json()).item.displayName).toBe('Yui');
  });

  it('is hidden as the author of an output', async () => {
    // A published output by another pupil of the class, in a session the class sees.
    const output = await t.db
      .selectFrom('outputs')
      .innerJoin('users', 'users.id', 'outputs.user_id')
      .select(['outputs.session_id', 'outputs.user_id', 'users.account', 'users.display_name'])
      .where('outputs.status', '=', 'published')
      .where('users.role', '=', 'member')
      .where('users.account', 'like', 'student%')
      .where('users.account', '!=', 'student02')
      .executeTakeFirstOrThrow();
    const url = `/v1/session/${output.session_id}/outputs`;
    await rename(output.account, FORBIDDEN);
    try {
      const res = await get('student02', url);
      expect(res.body).not.toContain(FORBIDDEN);
      const theirs = OutputListResponse.parse(res.json()).items.filter(
        (o) => o.userId === output.user_id,
      );
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.every((o) => o.user.displayName === HIDDEN_DISPLAY_NAME)).toBe(true);
      expect((await get('teacher', url)).body).toContain(FORBIDDEN);
    } finally {
      await rename(output.account, output.display_name);
    }
  });

  it('is hidden in the participant list and never enters the room’s log', async () => {
    await rename('student03', FORBIDDEN);
    const teacher = await t.authHeader('teacher');
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: teacher,
      payload: {
        sessionId: S.oceanLive,
        name: 'Names room',
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    });
    const room = StreamResponse.parse(created.json()).item.id;
    for (const account of ['student03', 'student02']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/session/${S.oceanLive}/join`,
        headers: await t.authHeader(account),
        payload: { streamId: room },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const url = `/v1/session/${S.oceanLive}/users?streamId=${room}`;
    const names = async (account: string) =>
      SessionUsersResponse.parse((await get(account, url)).json()).items.map((p) => p.displayName);
    expect(await names('student02')).toEqual([HIDDEN_DISPLAY_NAME, 'Yui']);
    expect(await names('student03')).toEqual([FORBIDDEN, 'Yui']);
    expect(await names('teacher')).toEqual([FORBIDDEN, 'Yui']);
    // The join event goes to every socket of the room and into its log: never the name.
    const events = await t.db
      .selectFrom('stream_events')
      .select(['type', 'payload'])
      .where('stream_id', '=', room)
      .where('type', '=', 'joinStream')
      .orderBy('seq')
      .execute();
    expect(events.map((e) => (e.payload.user as { displayName: string }).displayName)).toEqual([
      HIDDEN_DISPLAY_NAME,
      'Yui',
    ]);
  });

  it('is hidden as a room’s host on the rooms list', async () => {
    const original = (
      await t.db
        .selectFrom('users')
        .select('display_name')
        .where('account', '=', 'teacher')
        .executeTakeFirstOrThrow()
    ).display_name;
    await rename('teacher', FORBIDDEN);
    try {
      const hostName = async (account: string) => {
        const res = await get(account, `/v1/streams?sessionId=${S.oceanLive}`);
        const rooms = ListStreamsResponse.parse(res.json()).items;
        expect(rooms.length).toBeGreaterThan(0);
        return [...new Set(rooms.map((r) => r.hostDisplayName))];
      };
      expect(await hostName('student02')).toEqual([HIDDEN_DISPLAY_NAME]);
      expect(await hostName('teacher')).toEqual([FORBIDDEN]);
    } finally {
      await rename('teacher', original);
    }
  });

  it('is hidden as the one a notification names', async () => {
    await rename('student03', FORBIDDEN);
    await t.db
      .insertInto('notifications')
      .values({
        user_id: await idOf('student02'),
        type: 'joinSession',
        actor_user_id: await idOf('student03'),
        items: json({}),
        payload: json({}),
        created_at: new Date(Date.now() - 2 * DAY),
        updated_at: new Date(Date.now() - 2 * DAY),
      })
      .execute();
    const res = await get('student02', '/v1/notifications/me');
    expect(res.body).not.toContain(FORBIDDEN);
    const items = NotificationsResponse.parse(res.json()).items.filter(
      (n) => n.type === 'joinSession',
    );
    expect(items.map((n) => n.user?.displayName)).toEqual([HIDDEN_DISPLAY_NAME]);
  });

  it('is marked for the teacher who corrects it in the group’s member list', async () => {
    await rename('student03', FORBIDDEN);
    const res = await get('teacher', `/v1/group/${DEMO_IDS.groups.class2a}/members`);
    const members = GroupMembersResponse.parse(res.json()).items;
    expect(members.find((m) => m.displayName === FORBIDDEN)?.displayNameHidden).toBe(true);
    expect(members.find((m) => m.displayName === 'Yui')?.displayNameHidden).toBe(false);
  });
});
