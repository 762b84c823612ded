import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ModerationDecisionResponse,
  ModerationQueueResponse,
} from '../../contracts/api/moderation';
import { OutputListResponse } from '../../contracts/api/outputs';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp, userIdOf } from '../testing/test-app';

const SESSION = DEMO_IDS.sessions.oceanArchive;
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
      ids.student05 = await userId('student05');
      for (const [key, account, text] of [
        ['held', 'student05', 'Call me on 090-1234-5678 after school'],
        ['second', 'student06', 'See https://example.com for my notes'],
        ['sakura', 'sakura01', 'My number is 03-1234-5678'],
      ] as const) {
        const row = await db
          .insertInto('outputs')
          .values({
            session_id: SESSION,
            work_id: work.work_id,
            user_id: await userId(account),
            description: text,
            status: 'pending',
            violation_statuses: JSON.stringify(['text']),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[key] = row.id;
      }
      const fb = await db
        .insertInto('feedbacks')
        .values({
          output_id: ids.second!,
          session_id: SESSION,
          work_id: work.work_id,
          user_id: await userId('student07'),
          content: 'mail me at kid@example.com',
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.feedback = fb.id;
      ids.student07 = await userId('student07');
    },
  });
});
afterAll(async () => {
  await t.close();
});

const decide = async (account: string, type: string, id: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/moderation/${type}/${id}/decision`,
    headers: await t.authHeader(account),
    payload: body,
  });

const sessionOutputIds = async (account: string) =>
  OutputListResponse.parse(
    (
      await t.app.inject({
        url: `/v1/session/${SESSION}/outputs`,
        headers: await t.authHeader(account),
      })
    ).json(),
  ).items.map((o) => o.id);

describe('moderation queue', () => {
  it('members and graduates get 403 on the queue and on decisions', async () => {
    for (const account of ['student01', 'graduate', 'supporter']) {
      const q = await t.app.inject({
        url: '/v1/moderation/queue',
        headers: await t.authHeader(account),
      });
      expect([account, q.statusCode]).toEqual([account, 403]);
      const d = await decide(account, 'outputs', ids.held!, { decision: 'publish' });
      expect([account, d.statusCode]).toEqual([account, 403]);
    }
  });

  it("lists the school's pending outputs and feedback, not another school's", async () => {
    const res = await t.app.inject({
      url: '/v1/moderation/queue',
      headers: await t.authHeader('teacher'),
    });
    const body = ModerationQueueResponse.parse(res.json());
    const listed = body.items.map((i) => `${i.type}:${i.id}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        `output:${ids.held}`,
        `output:${ids.second}`,
        `feedback:${ids.feedback}`,
      ]),
    );
    expect(listed).not.toContain(`output:${ids.sakura}`);
    expect(body.items.find((i) => i.id === ids.held)?.violationStatuses).toEqual(['text']);
    // Provider staff see every school's.
    const staff = ModerationQueueResponse.parse(
      (
        await t.app.inject({ url: '/v1/moderation/queue', headers: await t.authHeader('staff') })
      ).json(),
    );
    expect(staff.items.map((i) => i.id)).toContain(ids.sakura);
  });

  it('publishing records who, when and what, and the output becomes visible to a classmate', async () => {
    expect(await sessionOutputIds('student02')).not.toContain(ids.held);
    const before = Date.now();
    const res = await decide('teacher', 'outputs', ids.held!, {
      decision: 'publish',
      note: 'Phone number is the school office',
    });
    expect(res.statusCode).toBe(200);
    const body = ModerationDecisionResponse.parse(res.json());
    expect(body.status).toBe('published');
    expect(body.decision).toMatchObject({
      targetType: 'output',
      targetId: ids.held,
      decision: 'publish',
      previousStatus: 'pending',
      note: 'Phone number is the school office',
      decidedBy: { displayName: 'Sato Sensei' },
    });
    expect(body.decision.decidedAt).toBeGreaterThanOrEqual(before);

    const row = await t.db
      .selectFrom('outputs')
      .select(['status', 'violation_statuses', 'published_at'])
      .where('id', '=', ids.held!)
      .executeTakeFirstOrThrow();
    // Publishing changes the status only; the checker's finding stays on record.
    expect(row.status).toBe('published');
    expect(row.violation_statuses).toEqual(['text']);
    expect(row.published_at).not.toBeNull();
    expect(await sessionOutputIds('student02')).toContain(ids.held);

    const queue = ModerationQueueResponse.parse(
      (
        await t.app.inject({ url: '/v1/moderation/queue', headers: await t.authHeader('teacher') })
      ).json(),
    );
    expect(queue.items.map((i) => i.id)).not.toContain(ids.held);
    expect(queue.decisions[0]).toMatchObject({ targetId: ids.held, decision: 'publish' });
    // The history says which post and whose (issue 9, item 21).
    expect(queue.decisions[0]?.author?.id).toBe(ids.student05);
    expect(queue.decisions[0]?.author?.displayName).toBeTruthy();
    expect(queue.decisions[0]?.excerpt).toBe('Call me on 090-1234-5678 after school');
  });

  it('a second decision on the same item is 409; nothing is overwritten', async () => {
    const res = await decide('staff', 'outputs', ids.held!, { decision: 'reject' });
    expect(res.statusCode).toBe(409);
    const row = await t.db
      .selectFrom('outputs')
      .select('status')
      .where('id', '=', ids.held!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('published');
    const decisions = await t.db
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('target_id', '=', ids.held!)
      .execute();
    expect(decisions).toHaveLength(1);
  });

  it("another school's teacher cannot decide (404); an unknown id is 404", async () => {
    const res = await decide('teacher', 'outputs', ids.sakura!, { decision: 'publish' });
    expect(res.statusCode).toBe(404);
    expect((await decide('teacher', 'feedbacks', 'nope', { decision: 'publish' })).statusCode).toBe(
      404,
    );
  });

  it('rejecting a feedback keeps it from others and tells its author', async () => {
    const res = await decide('teacher', 'feedbacks', ids.feedback!, { decision: 'reject' });
    expect(res.statusCode).toBe(200);
    const row = await t.db
      .selectFrom('feedbacks')
      .select('status')
      .where('id', '=', ids.feedback!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('rejected');
    const note = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', ids.student07!)
      .where('type', '=', 'outputsViolation')
      .execute();
    expect(note.map((n) => n.payload)).toContainEqual({ id: ids.feedback });
  });

  it('refuses a note over 300 characters and an unknown decision', async () => {
    expect(
      (
        await decide('teacher', 'outputs', ids.second!, {
          decision: 'publish',
          note: 'x'.repeat(301),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await decide('teacher', 'outputs', ids.second!, { decision: 'maybe' })).statusCode,
    ).toBe(400);
  });
});
