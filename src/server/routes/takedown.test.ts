import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationQueueResponse } from '../../contracts/api/moderation';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp, userIdOf } from '../testing/test-app';

/**
 * Issue 26: 「へたくそ。もっとちゃんと書けよ」 was published, its report reached no queue and the
 * recipient's home and activity feed kept showing it. Now every report is in the queue, staff of
 * the author's school remove any published post, and a removed post leaves every feed.
 */
const SESSION = DEMO_IDS.sessions.oceanArchive;
const MEAN = 'へたくそ。もっとちゃんと書けよ';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    fixtures: async (db) => {
      const work = await db
        .selectFrom('session_works')
        .select('work_id')
        .where('session_id', '=', SESSION)
        .executeTakeFirstOrThrow();
      ids.student07 = await userIdOf(db, 'student07');
      ids.student03 = await userIdOf(db, 'student03');
      ids.output = (
        await db
          .insertInto('outputs')
          .values({
            session_id: SESSION,
            work_id: work.work_id,
            user_id: ids.student03,
            description: 'My poster about plastic in the sea',
            status: 'published',
            published_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      // Two days old: past the notifications' 24-hour wait, so the recipient's list shows it.
      ids.feedback = (
        await db
          .insertInto('feedbacks')
          .values({
            output_id: ids.output,
            session_id: SESSION,
            work_id: work.work_id,
            user_id: ids.student07,
            content: MEAN,
            status: 'published',
            created_at: new Date(Date.now() - 2 * DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.reflection = (
        await db
          .insertInto('reflections')
          .values({
            session_id: SESSION,
            user_id: ids.student07,
            idea_note: 'みんなばか',
            status: 'published',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.comment = (
        await db
          .insertInto('comments')
          .values({
            type: 'SESSION',
            session_id: SESSION,
            user_id: ids.student07,
            content: 'うざい',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function call(account: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: await t.authHeader(account),
    ...(payload ? { payload } : {}),
  });
}

const queue = async () => {
  const res = await call('teacher', 'GET', '/v1/moderation/queue');
  expect(res.statusCode, res.body).toBe(200);
  return ModerationQueueResponse.parse(res.json());
};
const remove = (account: string, type: string, id: string | undefined) =>
  call(account, 'POST', `/v1/moderation/${type}/${id}/removal`, { reason: 'unkind' });

describe('a reported feedback, removed from the queue', () => {
  it('lands in the queue with the report text, and after removal leaves every feed', async () => {
    const recipientFeed = async () =>
      (await call('student03', 'GET', '/v1/me/activities?tab=toMe')).json() as {
        items: Array<{ id: string; text: string | null }>;
      };
    const recipientNotes = async () =>
      (await call('student03', 'GET', '/v1/notifications/me')).json() as {
        items: Array<{ payload?: { id?: string } }>;
      };
    expect((await recipientFeed()).items.map((i) => i.text)).toContain(MEAN);
    expect((await recipientNotes()).items.map((n) => n.payload?.id)).toContain(ids.feedback);

    const reported = await call('student03', 'POST', '/v1/violation', {
      type: 'feedback',
      id: ids.feedback,
      userId: ids.student03,
      content: 'ひどいことを書かれた',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    expect(reported.statusCode, reported.body).toBe(200);
    // While staff look at it, the recipient's feed and notifications hide it as its list does.
    expect((await recipientFeed()).items.map((i) => i.text)).not.toContain(MEAN);
    expect((await recipientNotes()).items.map((n) => n.payload?.id)).not.toContain(ids.feedback);
    const listed = (await queue()).reports?.find((r) => r.targetId === ids.feedback);
    expect(listed).toMatchObject({
      targetType: 'feedback',
      content: MEAN,
      reason: 'ひどいことを書かれた',
      author: { id: ids.student07 },
    });

    // Nobody outside the author's school, and no pupil, may take it down.
    expect((await remove('sakura-teacher', 'feedbacks', ids.feedback)).statusCode).toBe(404);
    expect((await remove('student03', 'feedbacks', ids.feedback)).statusCode).toBe(403);
    const removed = await remove('teacher', 'feedbacks', ids.feedback);
    expect(removed.statusCode, removed.body).toBe(200);
    // Taken once: a second click answers 409.
    expect((await remove('teacher', 'feedbacks', ids.feedback)).statusCode).toBe(409);

    const after = await queue();
    expect(after.reports?.some((r) => r.targetId === ids.feedback)).toBe(false);
    expect(after.decisions.find((d) => d.targetId === ids.feedback)).toMatchObject({
      decision: 'remove',
      reason: 'unkind',
      targetType: 'feedback',
    });
    expect((await recipientFeed()).items.map((i) => i.text)).not.toContain(MEAN);
    expect((await recipientNotes()).items.map((n) => n.payload?.id)).not.toContain(ids.feedback);
    const outputFeedbacks = await call('student03', 'GET', `/v1/output/${ids.output}/feedbacks`);
    expect(outputFeedbacks.body).not.toContain(MEAN);

    // Its writer reads why, in words for them.
    const own = (await call('student07', 'GET', `/v1/user/${ids.student07}/feedbacks`)).json() as {
      items: Array<{ id: string; status: string; moderationReason?: string }>;
    };
    expect(own.items.find((f) => f.id === ids.feedback)).toMatchObject({
      status: 'rejected',
      moderationReason: 'unkind',
    });
  });
});

describe('every kind of published post', () => {
  it('a reported output reaches the queue and can be kept', async () => {
    const reported = await call('student07', 'POST', '/v1/violation', {
      type: 'output',
      id: ids.output,
      userId: ids.student07,
      content: 'not about the lesson',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const report = (await queue()).reports?.find((r) => r.targetId === ids.output);
    expect(report?.targetType).toBe('output');
    expect(
      (await call('sakura-teacher', 'POST', `/v1/moderation/reports/${report!.id}/dismiss`))
        .statusCode,
    ).toBe(404);
    const kept = await call('teacher', 'POST', `/v1/moderation/reports/${report!.id}/dismiss`);
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await queue();
    expect(after.reports?.some((r) => r.targetId === ids.output)).toBe(false);
    expect(after.decisions.find((d) => d.targetId === ids.output)?.decision).toBe('dismiss');
    // Kept: still published for the class.
    const res = await call('student07', 'GET', `/v1/output/${ids.output}/viewer`);
    expect(res.statusCode).toBe(200);
  });

  it('an output, a reflection and a comment are each removed by the class teacher only', async () => {
    for (const [type, id] of [
      ['outputs', ids.output],
      ['reflections', ids.reflection],
      ['comments', ids.comment],
    ] as const) {
      expect((await remove('sakura-teacher', type, id!)).statusCode, type).toBe(404);
      expect((await remove('student03', type, id!)).statusCode, type).toBe(403);
      const res = await remove('teacher', type, id!);
      expect(res.statusCode, `${type} ${res.body}`).toBe(200);
    }
    // Gone for classmates.
    expect((await call('student07', 'GET', `/v1/output/${ids.output}/viewer`)).statusCode).toBe(
      404,
    );
    const comments = await call('student03', 'GET', `/v1/session/${SESSION}/comments`);
    expect(comments.body).not.toContain('うざい');
    const nationwide = (
      await call('student03', 'GET', '/v1/me/activities?tab=nationwide')
    ).json() as {
      items: Array<{ id: string }>;
    };
    expect(nationwide.items.map((i) => i.id)).not.toContain(`reflection-${ids.reflection}`);
    expect(nationwide.items.map((i) => i.id)).not.toContain(`output-${ids.output}`);
    // The author reads why on their own page; a classmate no longer gets the reflection at all.
    const reflectionsOf = async (account: string) =>
      (
        (await call(account, 'GET', `/v1/user/${ids.student07}/reflections`)).json() as {
          items: Array<{ id: string; moderationReason?: string }>;
        }
      ).items.filter((r) => r.id === ids.reflection);
    expect(await reflectionsOf('student07')).toEqual([
      expect.objectContaining({ moderationReason: 'unkind' }),
    ]);
    expect(await reflectionsOf('student03')).toEqual([]);
  });
});
