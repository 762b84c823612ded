import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackResponse, FeedbacksResponse } from '../../contracts/api/feedback';
import { ModerationQueueResponse } from '../../contracts/api/moderation';
import { ReflectionResponse } from '../../contracts/api/profile';
import { FeedbackApprovalResponse } from '../../contracts/api/screening';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 8, screening: every pupil-written channel is screened (display names and project names
 * refused, reflections held for review), the feedback publish call writes the moderation record,
 * abusive feedback is held, "approve all feedback first" per group, and a teacher corrects a
 * pupil's display name.
 */
let t: TestApp;
const SESSION = DEMO_IDS.sessions.oceanArchive;
const WORK = 'work-ocean-archive';
const idOf = new Map<string, string>();
const outputOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.db.selectFrom('users').select(['id', 'account']).execute())
    idOf.set(u.account, u.id);
  const outputs = await t.db
    .selectFrom('outputs')
    .innerJoin('users', 'users.id', 'outputs.user_id')
    .select(['outputs.id', 'users.account'])
    .where('outputs.session_id', '=', SESSION)
    .where('outputs.status', '=', 'published')
    .orderBy('outputs.created_at')
    .execute();
  for (const o of outputs) if (!outputOf.has(o.account)) outputOf.set(o.account, o.id);
});
afterAll(async () => {
  await t.close();
});

const call = async (
  account: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: await t.authHeader(account),
    ...(payload ? { payload } : {}),
  });

const displayNameOf = async (account: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('display_name')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).display_name;

const postFeedback = (account: string, outputId: string, content: string) =>
  call(account, 'POST', '/v1/feedback', {
    outputId,
    sessionId: SESSION,
    workId: WORK,
    userId: idOf.get(account),
    content,
  });

const feedbacksSeenBy = async (account: string, outputId: string) => {
  const res = await call(account, 'GET', `/v1/output/${outputId}/feedbacks?withUser=true`);
  expect(res.statusCode, res.body).toBe(200);
  return FeedbacksResponse.parse(res.json()).items;
};

describe('display names (item 4)', () => {
  it.each(['ばか', 'ラインID: tomoni_kid', '〇九〇一二三四五六七八', 'kys'])(
    'refuses %s with textNotAllowed and keeps the old name',
    async (name) => {
      const before = await displayNameOf('student10');
      const res = await call('student10', 'PUT', `/v1/user/${idOf.get('student10')}`, {
        displayName: name,
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = ErrorBody.parse(res.json());
      expect(body.error.code).toBe('textNotAllowed');
      expect(body.error.fields?.[0]?.path).toBe('displayName');
      expect(await displayNameOf('student10')).toBe(before);
    },
  );

  it('refuses a zero-width or bidi-only name as blank', async () => {
    for (const name of ['\u200B\u200B', '\u202E', '\u3164']) {
      const res = await call('student10', 'PUT', `/v1/user/${idOf.get('student10')}`, {
        displayName: name,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(ErrorBody.parse(res.json()).error.code).toBe('badRequest');
    }
  });
});

describe('project names (item 4)', () => {
  it('refuses a project name with contact details, creates nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('inquiry_projects')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const res = await call('student11', 'POST', '/v1/inquiryProject', {
      name: 'インスタ @tomoni_kid',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).error.code).toBe('textNotAllowed');
    expect(await count()).toBe(before);
  });
});

describe('reflections (item 4)', () => {
  it('holds a published reflection with a phone number until a teacher publishes it', async () => {
    const res = await call('student12', 'POST', `/v1/session/${SESSION}/reflection`, {
      ideaNote: '海のゴミについて考えた',
      actionNote: 'LINE交換しよう 090-1111-2222',
      status: 'published',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { item } = ReflectionResponse.parse(res.json());
    expect(item.status).toBe('pending');
    // A classmate does not see it.
    const other = await call('student13', 'GET', `/v1/reflection/${item.id}`);
    expect(other.statusCode).toBe(404);
    // It is in the teacher's queue and a decision publishes it, on the record.
    const queue = ModerationQueueResponse.parse(
      (await call('teacher', 'GET', '/v1/moderation/queue')).json(),
    );
    expect(queue.items.some((i) => i.type === 'reflection' && i.id === item.id)).toBe(true);
    const decided = await call(
      'teacher',
      'POST',
      `/v1/moderation/reflections/${item.id}/decision`,
      {
        decision: 'publish',
      },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await call('student13', 'GET', `/v1/reflection/${item.id}`)).statusCode).toBe(200);
    const record = await t.db
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('target_id', '=', item.id)
      .execute();
    expect(record).toMatchObject([{ target_type: 'reflection', decision: 'publish' }]);
  });
});

describe('feedback', () => {
  it('holds abusive feedback: the recipient does not see it, the sender sees it awaiting approval', async () => {
    const target = outputOf.get('student01')!;
    const res = await postFeedback('student02', target, 'つまらない。へたくそ。死ね');
    expect(res.statusCode, res.body).toBe(200);
    const { item } = FeedbackResponse.parse(res.json());
    expect(item.awaitingApproval).toBe(true);
    const seenByRecipient = await feedbacksSeenBy('student01', target);
    expect(seenByRecipient.some((f) => f.id === item.id)).toBe(false);
    const seenBySender = await feedbacksSeenBy('student02', target);
    expect(seenBySender.find((f) => f.id === item.id)?.awaitingApproval).toBe(true);
  });

  it('writes a moderation decision for every feedback released by POST /v1/feedbacks/publish (item 6)', async () => {
    const target = outputOf.get('student01')!;
    const res = await postFeedback('student03', target, '連絡して taro@example.com');
    const { item } = FeedbackResponse.parse(res.json());
    expect(item.awaitingApproval).toBe(true);
    const published = await call('teacher', 'POST', '/v1/feedbacks/publish', { ids: [item.id] });
    expect(published.statusCode, published.body).toBe(200);
    const record = await t.db
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('target_type', '=', 'feedback')
      .where('target_id', '=', item.id)
      .execute();
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({
      decision: 'publish',
      previous_status: 'pending',
      decided_by: idOf.get('teacher'),
    });
  });
});

describe('approve all feedback first (per group)', () => {
  const url = `/v1/group/${DEMO_IDS.groups.class2a}/feedbackApproval`;

  it('is set by the group’s teacher only; pupils and another school cannot', async () => {
    expect((await call('student04', 'PUT', url, { enabled: true })).statusCode).toBe(403);
    expect((await call('student04', 'GET', url)).statusCode).toBe(403);
    expect((await call('sakura01', 'PUT', url, { enabled: true })).statusCode).toBe(403);
    expect((await call('teacher', 'PUT', url, { enabled: 'yes' })).statusCode).toBe(400);
    const group = await t.db
      .selectFrom('groups')
      .select('feedback_approval')
      .where('id', '=', DEMO_IDS.groups.class2a)
      .executeTakeFirstOrThrow();
    expect(group.feedback_approval).toBe(false);
  });

  it('holds every feedback of the group’s members while on', async () => {
    const target = outputOf.get('student01')!;
    const on = await call('teacher', 'PUT', url, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(FeedbackApprovalResponse.parse(on.json()).item.enabled).toBe(true);
    const held = FeedbackResponse.parse(
      (await postFeedback('student05', target, 'すごくわかりやすかった！')).json(),
    ).item;
    expect(held.awaitingApproval).toBe(true);
    expect((await feedbacksSeenBy('student01', target)).some((f) => f.id === held.id)).toBe(false);

    const off = await call('teacher', 'PUT', url, { enabled: false });
    expect(FeedbackApprovalResponse.parse(off.json()).item.enabled).toBe(false);
    const free = FeedbackResponse.parse(
      (await postFeedback('student06', target, '絵がきれいでした')).json(),
    ).item;
    expect(free.awaitingApproval).toBe(false);
  });
});

describe('a teacher corrects a pupil’s display name', () => {
  it('changes it despite the pupil’s 31-day rule, screened, by the pupil’s teacher only', async () => {
    // The pupil renamed herself today: her own next change would be refused.
    const own = await call('student07', 'PUT', `/v1/user/${idOf.get('student07')}`, {
      displayName: 'Hina',
    });
    expect(own.statusCode, own.body).toBe(200);
    const again = await call('student07', 'PUT', `/v1/user/${idOf.get('student07')}`, {
      displayName: 'Hina2',
    });
    expect(ErrorBody.parse(again.json()).error.code).toBe('profileChangeRestricted');

    const bad = await call('teacher', 'PUT', `/v1/user/${idOf.get('student07')}`, {
      displayName: 'ブス',
    });
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).error.code).toBe('textNotAllowed');

    const byClassmate = await call('student08', 'PUT', `/v1/user/${idOf.get('student07')}`, {
      displayName: 'Hana',
    });
    expect(byClassmate.statusCode).toBe(403);
    const byOtherSchool = await call('sakura01', 'PUT', `/v1/user/${idOf.get('student07')}`, {
      displayName: 'Hana',
    });
    // Another school's pupil answers as a missing user (the walls rule).
    expect(byOtherSchool.statusCode).toBe(404);
    expect(await displayNameOf('student07')).toBe('Hina');

    const fixed = await call('teacher', 'PUT', `/v1/user/${idOf.get('student07')}`, {
      displayName: 'Hana',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await displayNameOf('student07')).toBe('Hana');
  });
});
