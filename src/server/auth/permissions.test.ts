import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionName } from '../../contracts/api/users';
import type { Role } from '../../contracts/entities';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { decide, mayResetPasswordOf, type SessionFacts, type Subject } from './permissions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = 'member' | 'supporter' | 'teacher' | 'staff' | 'admin' | 'graduated' | 'guest';

const SCHOOL = 'school-a';
const CLASS = 'class-a';
const PARENT = 'grade-a';

function subject(who: Who, overrides: Partial<Subject> = {}): Subject {
  const role: Role = who === 'guest' ? 'member' : who;
  const schoolBound = who !== 'staff' && who !== 'admin';
  return {
    userId: `u-${who}`,
    role,
    isGuest: who === 'guest',
    status: 'active',
    schoolId: schoolBound ? SCHOOL : null,
    groups: schoolBound && who !== 'graduated' ? [{ id: CLASS, confirmType: 'active' }] : [],
    reachableGroupIds: new Set(schoolBound && who !== 'graduated' ? [CLASS, PARENT] : []),
    ...overrides,
  };
}

const session = (overrides: Partial<SessionFacts> = {}): SessionFacts => ({
  id: 's1',
  status: 'COMPLETE',
  isWatchable: true,
  target: { type: 'ALL' },
  ...overrides,
});

/**
 * The whole rule table: for each name, who is permitted (with a watchable, ALL-targeted session
 * where the check needs one). Anyone not listed is refused.
 */
const TABLE: Record<PermissionName, readonly Who[]> = {
  joinSession: ['member', 'supporter', 'teacher', 'staff', 'admin', 'guest'],
  watchArchive: ['member', 'supporter', 'teacher', 'staff', 'admin', 'graduated', 'guest'],
  addComment: ['member', 'supporter', 'teacher', 'staff', 'admin', 'guest'],
  submitOutput: ['member', 'supporter', 'teacher', 'staff', 'admin'],
  submitFeedback: ['member', 'supporter', 'teacher', 'staff', 'admin'],
  changeProfile: ['member', 'supporter', 'teacher', 'staff', 'admin', 'graduated'],
  follow: ['member', 'supporter', 'teacher', 'staff', 'admin', 'graduated'],
  seeFeedbackZero: ['teacher', 'staff', 'admin'],
  seeReport: ['teacher', 'staff', 'admin'],
};
const EVERYONE: readonly Who[] = [
  'member',
  'supporter',
  'teacher',
  'staff',
  'admin',
  'graduated',
  'guest',
];

describe('decide: the rule table', () => {
  for (const name of PermissionName.options) {
    for (const who of EVERYONE) {
      const expected = TABLE[name].includes(who);
      it(`${name} for ${who} → ${expected}`, () => {
        expect(decide(name, subject(who), session())).toBe(expected);
      });
    }
  }

  it('refuses everything to suspended and withdrawn accounts', () => {
    for (const name of PermissionName.options) {
      for (const status of ['suspended', 'withdrawn'] as const) {
        expect(decide(name, subject('admin', { status }), session())).toBe(false);
      }
    }
  });

  it('refuses everything to a school user whose every group is suspended', () => {
    const s = subject('teacher', { groups: [{ id: CLASS, confirmType: 'suspended' }] });
    for (const name of PermissionName.options) expect(decide(name, s, session())).toBe(false);
    // One active group is enough.
    const mixed = subject('teacher', {
      groups: [
        { id: CLASS, confirmType: 'suspended' },
        { id: 'other', confirmType: 'active' },
      ],
    });
    expect(decide('seeReport', mixed)).toBe(true);
  });
});

describe('decide: sessions', () => {
  it('needs a session for joinSession and watchArchive', () => {
    expect(decide('joinSession', subject('member'))).toBe(false);
    expect(decide('watchArchive', subject('member'))).toBe(false);
  });

  it('watchArchive needs a watchable session (staff and admin excepted)', () => {
    const closed = session({ isWatchable: false });
    expect(decide('watchArchive', subject('member'), closed)).toBe(false);
    expect(decide('watchArchive', subject('teacher'), closed)).toBe(false);
    expect(decide('watchArchive', subject('admin'), closed)).toBe(true);
  });

  it('PRIVATE sessions are for staff and admin only', () => {
    const hidden = session({ status: 'PRIVATE' });
    for (const who of ['member', 'teacher', 'guest'] as const) {
      expect(decide('joinSession', subject(who), hidden)).toBe(false);
      expect(decide('watchArchive', subject(who), hidden)).toBe(false);
    }
    expect(decide('joinSession', subject('staff'), hidden)).toBe(true);
  });

  it('matches SCHOOL and GROUP targets, including a parent group of the user’s class', () => {
    const toSchool = session({ target: { type: 'SCHOOL', targets: [SCHOOL] } });
    const toOtherSchool = session({ target: { type: 'SCHOOL', targets: ['school-b'] } });
    const toClass = session({ target: { type: 'GROUP', targets: [CLASS] } });
    const toParent = session({ target: { type: 'GROUP', targets: [PARENT] } });
    const toOtherGroup = session({ target: { type: 'GROUP', targets: ['class-z'] } });
    const m = subject('member');
    expect(decide('watchArchive', m, toSchool)).toBe(true);
    expect(decide('watchArchive', m, toOtherSchool)).toBe(false);
    expect(decide('watchArchive', m, toClass)).toBe(true);
    expect(decide('watchArchive', m, toParent)).toBe(true);
    expect(decide('joinSession', m, toOtherGroup)).toBe(false);
    // Provider roles are not bound by targeting.
    expect(decide('joinSession', subject('admin'), toOtherGroup)).toBe(true);
  });
});

describe('mayResetPasswordOf', () => {
  const managed = new Set([PARENT, CLASS]);
  it('lets a staff role reset a pupil in a managed group only', () => {
    const pupil = { id: 'p', role: 'member' as Role, groupIds: [CLASS] };
    expect(mayResetPasswordOf(subject('teacher'), managed, pupil)).toBe(true);
    expect(
      mayResetPasswordOf(subject('teacher'), managed, { ...pupil, groupIds: ['class-z'] }),
    ).toBe(false);
    expect(mayResetPasswordOf(subject('member'), managed, pupil)).toBe(false);
    expect(mayResetPasswordOf(subject('teacher'), managed, { ...pupil, role: 'teacher' })).toBe(
      false,
    );
  });
});

describe('GET /v1/permission/{name}', () => {
  const ask = async (account: string, path: string) => {
    const res = await t.app.inject({
      url: `/v1/permission/${path}`,
      headers: await t.authHeader(account),
    });
    return res;
  };

  it.each([
    ['student01', 'submitOutput', true],
    ['guest', 'submitOutput', false],
    ['graduate', 'submitOutput', false],
    ['student01', 'seeReport', false],
    ['teacher', 'seeReport', true],
    ['teacher', 'seeFeedbackZero', true],
    ['supporter', 'changeProfile', true],
    ['guest', 'changeProfile', false],
  ] as const)('%s / %s → %s', async (account, name, expected) => {
    const res = await ask(account, name);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPermitted: expected });
  });

  it.each([
    ['student01', DEMO_IDS.sessions.forestArchive, 'watchArchive', true], // GROUP: Class 2-A
    ['sakura01', DEMO_IDS.sessions.forestArchive, 'watchArchive', false], // other school
    ['sakura01', DEMO_IDS.sessions.oceanArchive, 'watchArchive', true], // ALL
    ['student01', DEMO_IDS.sessions.cityPrivate, 'watchArchive', false],
    ['admin', DEMO_IDS.sessions.cityPrivate, 'watchArchive', true],
    ['student01', DEMO_IDS.sessions.forestLive, 'joinSession', true], // SCHOOL
    ['sakura01', DEMO_IDS.sessions.forestLive, 'joinSession', false],
    ['graduate', DEMO_IDS.sessions.oceanLive, 'joinSession', false],
    ['student01', 'no-such-session', 'joinSession', false],
  ] as const)('%s on %s / %s → %s', async (account, sessionId, name, expected) => {
    const res = await ask(account, `${name}?sessionId=${sessionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPermitted: expected });
  });

  it('answers 400 for an unknown name and 401 without a token', async () => {
    const bad = await ask('student01', 'launchRockets');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('badRequest');
    const anon = await t.app.inject({ url: '/v1/permission/seeReport' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /v1/permission/{name}: the rule table through HTTP', () => {
  const ACCOUNT: Record<Who, string> = {
    member: 'student01',
    supporter: 'supporter',
    teacher: 'teacher',
    staff: 'staff',
    admin: 'admin',
    graduated: 'graduate',
    guest: 'guest',
  };
  const headers = new Map<Who, { authorization: string }>();
  beforeAll(async () => {
    for (const who of EVERYONE) headers.set(who, await t.authHeader(ACCOUNT[who]));
  });

  it('answers every name for every role as the table says (ALL-targeted, watchable session)', async () => {
    for (const name of PermissionName.options) {
      for (const who of EVERYONE) {
        const res = await t.app.inject({
          url: `/v1/permission/${name}?sessionId=${DEMO_IDS.sessions.oceanArchive}`,
          headers: headers.get(who)!,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().isPermitted, `${name} for ${who}`).toBe(TABLE[name].includes(who));
      }
    }
  });
});
