import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CareResponse,
  ConcernResponse,
  ConcernsResponse,
  ConcernsUnseenResponse,
} from '../../contracts/api/safeguarding';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 26: on 9b21295 「もう死にたい。今夜いなくなる」 as a comment or a display name answered 400
 * and was thrown away; as feedback or a reflection it waited in the moderation queue among
 * everything else. Now every channel keeps it as a concern for the adults of the pupil's groups.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const S = DEMO_IDS.sessions;
const CRISIS = 'もう死にたい。今夜いなくなる';

async function call(
  account: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: await t.authHeader(account),
    ...(payload ? { payload } : {}),
  });
}

const concerns = async (account: string) => {
  const res = await call(account, 'GET', '/v1/concerns');
  expect(res.statusCode, res.body).toBe(200);
  return ConcernsResponse.parse(res.json());
};

const idOf = async (account: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).id;

describe('a pupil in crisis reaches an adult (issue 26)', () => {
  it('keeps a comment for the class’s teachers, shows it to no classmate, and records who read it', async () => {
    const res = await call('student02', 'POST', `/v1/session/${S.oceanArchive}/comment`, {
      type: 'SESSION',
      content: CRISIS,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'concernRaised' } });

    const listed = await call('student03', 'GET', `/v1/session/${S.oceanArchive}/comments`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('死にたい');

    const forTeacher = await concerns('teacher');
    const concern = forTeacher.items.find((c) => c.text === CRISIS);
    expect(concern).toMatchObject({
      channel: 'comment',
      user: { id: await idOf('student02'), groups: expect.arrayContaining(['Class 2-A']) },
      seenBy: [],
      seenByMe: false,
    });
    expect(forTeacher.unseen).toBeGreaterThan(0);

    // Only the adults of the pupil's groups: not another school's teacher.
    expect((await concerns('sakura-teacher')).items.some((c) => c.id === concern!.id)).toBe(false);
    // Provider staff see every school's; pupils are refused.
    expect((await concerns('staff')).items.some((c) => c.id === concern!.id)).toBe(true);
    expect((await call('student03', 'GET', '/v1/concerns')).statusCode).toBe(403);
    expect(
      (await call('sakura-teacher', 'POST', `/v1/concern/${concern!.id}/seen`)).statusCode,
    ).toBe(404);

    const seen = await call('teacher', 'POST', `/v1/concern/${concern!.id}/seen`);
    expect(seen.statusCode, seen.body).toBe(200);
    const item = ConcernResponse.parse(seen.json()).item;
    expect(item.seenByMe).toBe(true);
    expect(item.seenBy).toEqual([{ displayName: expect.any(String), seenAt: expect.any(Number) }]);
    expect((await concerns('teacher')).unseen).toBe(forTeacher.unseen - 1);
    // The alert's one count agrees with the list, per reader.
    const unseen = async (account: string) =>
      ConcernsUnseenResponse.parse((await call(account, 'GET', '/v1/concerns/unseen')).json())
        .unseen;
    expect(await unseen('teacher')).toBe(forTeacher.unseen - 1);
    expect(await unseen('staff')).toBe((await concerns('staff')).unseen);
    expect(await unseen('sakura-teacher')).toBe((await concerns('sakura-teacher')).unseen);
    expect((await call('student03', 'GET', '/v1/concerns/unseen')).statusCode).toBe(403);
    // Another adult sees that the teacher read it, and when.
    const forStaff = (await concerns('staff')).items.find((c) => c.id === concern!.id);
    expect(forStaff?.seenBy).toHaveLength(1);
    expect(forStaff?.seenByMe).toBe(false);
  });

  it('keeps it on every channel, and stores nothing a classmate could see', async () => {
    const before = (await concerns('teacher')).items.length;
    const writer = 'student04';
    const text = `${CRISIS}（${Date.now()}）`;

    const output = await call(writer, 'POST', '/v1/output', {
      sessionId: S.forestArchive,
      workId: 'work-forest-archive',
      status: 'published',
      description: text,
    });
    const feedbackTarget = await t.db
      .selectFrom('outputs')
      .select(['id', 'session_id', 'work_id'])
      .where('status', '=', 'published')
      .where('session_id', '=', S.oceanArchive)
      .where('user_id', '!=', await idOf(writer))
      .executeTakeFirstOrThrow();
    const feedback = await call(writer, 'POST', '/v1/feedback', {
      outputId: feedbackTarget.id,
      sessionId: feedbackTarget.session_id,
      workId: feedbackTarget.work_id,
      userId: await idOf(writer),
      content: text,
    });
    const reflection = await call(writer, 'POST', `/v1/session/${S.forestArchive}/reflection`, {
      ideaNote: text,
      status: 'published',
    });
    const name = await call(writer, 'PUT', `/v1/user/${await idOf(writer)}`, {
      displayName: 'しにたい',
    });
    const project = await call(writer, 'POST', '/v1/inquiryProject', { name: 'もう消えたい' });

    const answers = { output, feedback, reflection, displayName: name, projectName: project };
    for (const [channel, res] of Object.entries(answers)) {
      expect(res.statusCode, `${channel}: ${res.body}`).toBe(422);
      expect(res.json(), channel).toMatchObject({ error: { code: 'concernRaised' } });
    }
    expect((await concerns('teacher')).items.length - before).toBe(5);
    expect(
      (await concerns('teacher')).items
        .slice(0, 5)
        .map((c) => c.channel)
        .sort(),
    ).toEqual(['displayName', 'feedback', 'output', 'projectName', 'reflection']);

    // Nothing of it was stored where others read.
    const writerId = await idOf(writer);
    const stored = await Promise.all([
      t.db.selectFrom('outputs').select('id').where('description', '=', text).execute(),
      t.db.selectFrom('feedbacks').select('id').where('content', '=', text).execute(),
      t.db.selectFrom('reflections').select('id').where('idea_note', '=', text).execute(),
      t.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', writerId)
        .where('display_name', '=', 'しにたい')
        .execute(),
    ]);
    expect(stored.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
  });

  it('lets harmless look-alikes through', async () => {
    for (const content of ['死ぬほど笑った！', 'この問題、死ぬかと思うほど難しかった']) {
      const res = await call('student05', 'POST', `/v1/session/${S.oceanArchive}/comment`, {
        type: 'SESSION',
        content,
      });
      expect(res.statusCode, `${content}: ${res.body}`).toBe(200);
    }
  });

  it('tells anyone signed in where to get help now, with their school’s own contact', async () => {
    const res = await call('student02', 'GET', '/v1/care');
    expect(res.statusCode).toBe(200);
    expect(CareResponse.parse(res.json())).toEqual({
      helpline: { name: '24時間子供SOSダイヤル', phone: '0120-0-78310' },
      school: { name: 'ともに中学校', contact: expect.stringContaining('保健室') },
    });
  });

  it('lets a teacher set their own school’s contact, and only theirs', async () => {
    const care = async (account: string) =>
      CareResponse.parse((await call(account, 'GET', '/v1/care')).json()).school?.contact;
    const before = await care('student02');

    const set = await call('sakura-teacher', 'PUT', '/v1/care', {
      contact: '  養護教諭の山田先生（保健室）  ',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(CareResponse.parse(set.json()).school?.contact).toBe('養護教諭の山田先生（保健室）');
    expect(await care('sakura01')).toBe('養護教諭の山田先生（保健室）');
    expect(await care('student02')).toBe(before); // the demo school's pupils: unchanged

    // Too long, or from a pupil: refused, nothing changes.
    const long = await call('sakura-teacher', 'PUT', '/v1/care', { contact: 'あ'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect((await call('sakura01', 'PUT', '/v1/care', { contact: 'x' })).statusCode).toBe(403);
    expect(await care('sakura01')).toBe('養護教諭の山田先生（保健室）');

    // Blank clears it: pupils see the usual people at school again.
    const cleared = await call('sakura-teacher', 'PUT', '/v1/care', { contact: '   ' });
    expect(CareResponse.parse(cleared.json()).school?.contact).toBeNull();
    expect(await care('sakura01')).toBeNull();
  });
});
