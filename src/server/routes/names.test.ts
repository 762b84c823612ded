import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHiddenCharacters } from '../../contracts/names';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, userIdOf, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const HIDDEN = [
  '\u202E',
  '\u202A',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u200B',
  '\u200D',
  '\u200E',
  '\u200F',
  '\uFEFF',
  '\u00AD',
  '\u3164',
];

describe('hole 8: names cannot hold bidi overrides or invisible characters', () => {
  it('the shared rule finds every format, bidi and filler character, and nothing in real names', () => {
    for (const c of HIDDEN)
      expect(hasHiddenCharacters(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(true);
    for (const ok of ['山田 花子', 'Hana', 'ハナ🌸', 'José', 'Ōta-san', 'Kim 민준'])
      expect(hasHiddenCharacters(ok)).toBe(false);
  });

  it('refuses "\\u202Erehcaet" as a display name, from the pupil and from their teacher', async () => {
    const pupil = await userIdOf(t.db, 'student05');
    const spoof = '\u202Erehcaet';
    const own = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${pupil}`,
      headers: await t.authHeader('student05'),
      payload: { displayName: spoof },
    });
    expect(own.statusCode, own.body).toBe(400);
    const byTeacher = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/${pupil}`,
      headers: await t.authHeader('teacher'),
      payload: { displayName: `Teacher\u200B` },
    });
    expect(byTeacher.statusCode, byTeacher.body).toBe(400);
    const row = await t.db
      .selectFrom('users')
      .select('display_name')
      .where('id', '=', pupil)
      .executeTakeFirstOrThrow();
    expect(hasHiddenCharacters(row.display_name)).toBe(false);
  });

  it('refuses them in a new account, a project and a room name too', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/user',
      headers: await t.authHeader('teacher'),
      payload: {
        id: 'hidden-name-01',
        name: '\u2066Yamada\u2069',
        displayName: 'Yamada',
        password: 'blue-harbour-47',
        role: 'member',
        groupIds: [DEMO_IDS.groups.class2a],
      },
    });
    expect(created.statusCode, created.body).toBe(400);
    const project = await t.app.inject({
      method: 'POST',
      url: '/v1/inquiryProject',
      headers: await t.authHeader('student01'),
      payload: { name: 'Oce\u200Can' },
    });
    expect(project.statusCode, project.body).toBe(400);
    const room = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: await t.authHeader('teacher'),
      payload: {
        name: '\u202ELive',
        sessionId: DEMO_IDS.sessions.oceanArchive,
        groupIds: [DEMO_IDS.groups.class2a],
      },
    });
    expect(room.statusCode, room.body).toBe(400);
    expect(room.body).toContain('hiddenCharacters');
    expect(created.body).toContain('hiddenCharacters');
    expect(project.body).toContain('hiddenCharacters');
  });
});
