import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbacksResponse, OutputViewerResponse } from '../../contracts/api/feedback';
import { UserFeedbacksResponse, UserOutputsResponse } from '../../contracts/api/profile';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp, userIdOf } from '../testing/test-app';

/**
 * Issue 9, item 3: a rejected post reads 'not published' to its author, with the teacher's
 * note; the note reaches the author and staff only.
 */
const SESSION = DEMO_IDS.sessions.oceanArchive;
const NOTE = 'Please leave out e-mail addresses.';
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({
    fixtures: async (db) => {
      const userId = (account: string) => userIdOf(db, account);
      const work = await db
        .selectFrom('session_works')
        .select('work_id')
        .where('session_id', '=', SESSION)
        .executeTakeFirstOrThrow();
      ids.student07 = await userId('student07');
      ids.student08 = await userId('student08');
      const published = await db
        .selectFrom('outputs')
        .select('id')
        .where('session_id', '=', SESSION)
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow();
      ids.published = published.id;
      ids.feedback = (
        await db
          .insertInto('feedbacks')
          .values({
            output_id: published.id,
            session_id: SESSION,
            work_id: work.work_id,
            user_id: ids.student07,
            content: 'mail me at kid@example.com',
            status: 'pending',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      ids.output = (
        await db
          .insertInto('outputs')
          .values({
            session_id: SESSION,
            work_id: work.work_id,
            user_id: ids.student08,
            description: 'Call me on 090-1234-5678',
            status: 'pending',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    },
  });
  for (const [type, id] of [
    ['feedbacks', ids.feedback],
    ['outputs', ids.output],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/moderation/${type}/${id}/decision`,
      headers: await t.authHeader('teacher'),
      payload: { decision: 'reject', note: NOTE },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const get = async (account: string, url: string) =>
  (await t.app.inject({ url, headers: await t.authHeader(account) })).json();

describe('a rejected post and its note (issue 9, item 3)', () => {
  it('the feedback author reads rejected (not awaiting) with the note in the viewer and their tab', async () => {
    const list = FeedbacksResponse.parse(
      await get('student07', `/v1/output/${ids.published}/feedbacks`),
    );
    const mine = list.items.find((f) => f.id === ids.feedback);
    expect(mine).toMatchObject({ status: 'rejected', moderationNote: NOTE });
    const tab = UserFeedbacksResponse.parse(
      await get('student07', `/v1/user/${ids.student07}/feedbacks`),
    );
    expect(tab.items.find((f) => f.id === ids.feedback)).toMatchObject({
      status: 'rejected',
      moderationNote: NOTE,
    });
  });

  it('the output author reads rejected with the note in their outputs and the viewer', async () => {
    const outputs = UserOutputsResponse.parse(
      await get('student08', `/v1/user/${ids.student08}/outputs`),
    );
    expect(outputs.items.find((o) => o.id === ids.output)).toMatchObject({
      status: 'rejected',
      moderationNote: NOTE,
    });
    const viewer = OutputViewerResponse.parse(
      await get('student08', `/v1/output/${ids.output}/viewer`),
    );
    expect(viewer.item).toMatchObject({ moderationNote: NOTE, output: { status: 'rejected' } });
  });

  it('no one else reads the note; staff do', async () => {
    const other = FeedbacksResponse.parse(
      await get('student01', `/v1/output/${ids.published}/feedbacks`),
    );
    expect(other.items.some((f) => f.id === ids.feedback)).toBe(false);
    expect(JSON.stringify(other)).not.toContain(NOTE);
    const staff = FeedbacksResponse.parse(
      await get('teacher', `/v1/output/${ids.published}/feedbacks`),
    );
    expect(staff.items.find((f) => f.id === ids.feedback)?.moderationNote).toBe(NOTE);
  });
});
