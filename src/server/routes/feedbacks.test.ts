import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionSummaryResponse,
  FeedbackReactionResponse,
  FeedbackResponse,
  FeedbacksResponse,
  OutputViewerResponse,
  TranslationCapabilityResponse,
  TranslationResponse,
  ViolationResponse,
} from '../../contracts/api/feedback';
import { GetSessionResponse } from '../../contracts/api/sessions';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { listNotifications } from '../notifications/repository';
import type { App } from '../http/app-type';

let t: TestApp;
const SESSION = DEMO_IDS.sessions.oceanArchive;
const WORK = 'work-ocean-archive';
/** The seed's ocean outputs by author account (student01 … student06). */
const outputOf = new Map<string, string>();
const idOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const users = await t.db.selectFrom('users').select(['id', 'account']).execute();
  for (const u of users) idOf.set(u.account, u.id);
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
  account: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  app: App = t.app,
) =>
  app.inject({
    method,
    url,
    headers: account ? await t.authHeader(account) : {},
    ...(payload ? { payload } : {}),
  });

const feedbacksOf = async (account: string, outputId: string) => {
  const res = await call(account, 'GET', `/v1/output/${outputId}/feedbacks?withUser=true`);
  expect(res.statusCode, res.body).toBe(200);
  return FeedbacksResponse.parse(res.json()).items;
};

const postFeedback = (account: string, outputId: string, content: string, extra = {}) =>
  call(account, 'POST', '/v1/feedback', {
    outputId,
    sessionId: SESSION,
    workId: WORK,
    userId: idOf.get(account),
    content,
    ...extra,
  });

describe('the viewer and another school', () => {
  it('gives a classmate the output with its work questions and session', async () => {
    const res = await call('student02', 'GET', `/v1/output/${outputOf.get('student01')}/viewer`);
    expect(res.statusCode, res.body).toBe(200);
    const { item } = OutputViewerResponse.parse(res.json());
    // A classmate sees the row id in `id`, never the login name (issue 8, login names).
    expect(item.output.user.id).toBe(idOf.get('student01'));
    expect(item.session.id).toBe(SESSION);
    expect(item.work.questions.length).toBeGreaterThan(0);
    expect(item.sessionLive).toBe(false);
    // The author's prefecture (seeded as '13') by name, in the viewer's language.
    expect(item.location).toBe('東京都');
  });

  it('marks the output of a live session, where the author link is refused', async () => {
    const live = DEMO_IDS.sessions.oceanLive;
    const work = await t.db
      .selectFrom('session_works')
      .select('work_id')
      .where('session_id', '=', live)
      .executeTakeFirstOrThrow();
    const [row] = await t.db
      .insertInto('outputs')
      .values({
        session_id: live,
        work_id: work.work_id,
        user_id: idOf.get('student01')!,
        description: 'Live thoughts',
        status: 'published',
      })
      .returning('id')
      .execute();
    const res = await call('student02', 'GET', `/v1/output/${row!.id}/viewer`);
    expect(OutputViewerResponse.parse(res.json()).item.sessionLive).toBe(true);
  });

  it('answers 404 to another school for the viewer, the list, feedback, likes and reports', async () => {
    const output = outputOf.get('student01')!;
    expect((await call('sakura01', 'GET', `/v1/output/${output}/viewer`)).statusCode).toBe(404);
    expect((await call('sakura01', 'GET', `/v1/output/${output}/feedbacks`)).statusCode).toBe(404);
    expect((await postFeedback('sakura01', output, 'Nice work')).statusCode).toBe(404);
    const fb = (await feedbacksOf('student03', outputOf.get('student02')!))[0]!;
    const like = await call('sakura01', 'POST', `/v1/feedback/${fb.id}/reaction`, {
      feedbackId: fb.id,
      type: 'like',
      outputId: fb.outputId,
      userId: idOf.get('sakura01'),
    });
    expect(like.statusCode).toBe(404);
    const report = await call('sakura01', 'POST', '/v1/violation', {
      content: 'rude',
      id: output,
      type: 'output',
      createdAt: Date.now(),
      updatedAt: Date.now(),
      userId: idOf.get('sakura01'),
    });
    expect(report.statusCode).toBe(404);
    const react = await call('sakura01', 'POST', '/v1/action', {
      target: 'output',
      targetId: output,
      type: 'wow',
    });
    expect(react.statusCode).toBe(404);
  });

  it('requires a signed-in user on every route', async () => {
    const output = outputOf.get('student01')!;
    expect((await call(null, 'GET', `/v1/output/${output}/feedbacks`)).statusCode).toBe(401);
    const body = { outputId: output, sessionId: SESSION, workId: WORK, userId: 'x', content: 'hi' };
    expect((await call(null, 'POST', '/v1/feedback', body)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/v1/translation')).statusCode).toBe(401);
    expect(
      (await call(null, 'GET', `/v1/action?target=session&targetId=${SESSION}`)).statusCode,
    ).toBe(401);
  });
});

describe('feedback visibility', () => {
  it('shows unpublished feedback as awaiting approval to its author and staff only, without reactions', async () => {
    const output = outputOf.get('student01')!;
    const pendingBy = (items: Awaited<ReturnType<typeof feedbacksOf>>) =>
      items.find((f) => f.user.id === 'student02' && f.status === 'pending');
    expect(pendingBy(await feedbacksOf('student03', output))).toBeUndefined();
    expect(pendingBy(await feedbacksOf('student01', output))).toBeUndefined();
    for (const account of ['student02', 'teacher', 'staff', 'admin']) {
      const seen = pendingBy(await feedbacksOf(account, output));
      expect(seen, account).toMatchObject({ awaitingApproval: true, canReact: false });
    }
  });

  it('offers like and report on published feedback to everyone but its author', async () => {
    const items = await feedbacksOf('student05', outputOf.get('student02')!);
    const published = items.find((f) => f.user._id === idOf.get('student03'))!;
    expect(published).toMatchObject({ awaitingApproval: false, canReact: true });
    const own = (await feedbacksOf('student03', outputOf.get('student02')!)).find(
      (f) => f.id === published.id,
    );
    expect(own).toMatchObject({ canReact: false });
  });

  it('hides pending and rejected outputs from classmates, not from staff or the author', async () => {
    const output = outputOf.get('student06')!;
    await t.db.updateTable('outputs').set({ status: 'pending' }).where('id', '=', output).execute();
    expect((await call('student05', 'GET', `/v1/output/${output}/viewer`)).statusCode).toBe(404);
    const staffView = await call('teacher', 'GET', `/v1/output/${output}/viewer`);
    expect(OutputViewerResponse.parse(staffView.json()).item.output.status).toBe('pending');
    await t.db
      .updateTable('outputs')
      .set({ status: 'rejected' })
      .where('id', '=', output)
      .execute();
    expect((await call('student05', 'GET', `/v1/output/${output}/viewer`)).statusCode).toBe(404);
    // Staff keep seeing it (labelled by its status) to moderate it.
    expect((await call('teacher', 'GET', `/v1/output/${output}/viewer`)).statusCode).toBe(200);
    expect((await call('student06', 'GET', `/v1/output/${output}/viewer`)).statusCode).toBe(200);
    await t.db
      .updateTable('outputs')
      .set({ status: 'published' })
      .where('id', '=', output)
      .execute();
  });

  it('hides a feedback reported by someone else from other pupils for one hour', async () => {
    const output = outputOf.get('student03')!;
    const target = (await feedbacksOf('student05', output)).find(
      (f) => f.user._id === idOf.get('student04'),
    )!;
    const report = (content: unknown, account = 'student05') =>
      call(account, 'POST', '/v1/violation', {
        content,
        id: target.id,
        type: 'feedback',
        createdAt: Date.now(),
        updatedAt: Date.now(),
        userId: idOf.get(account),
      });
    expect((await report('')).statusCode).toBe(400);
    expect((await report(' \u3000 ')).statusCode).toBe(400);
    expect((await report('x'.repeat(301))).statusCode).toBe(400);
    const ok = await report('x'.repeat(300));
    expect(ok.statusCode, ok.body).toBe(200);
    ViolationResponse.parse(ok.json());
    const stored = await t.db
      .selectFrom('violation_reports')
      .selectAll()
      .where('target_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      target_type: 'feedback',
      reporter_user_id: idOf.get('student05'),
    });

    const has = async (account: string) =>
      (await feedbacksOf(account, output)).find((f) => f.id === target.id);
    expect(await has('student07')).toBeUndefined();
    expect(await has('student05')).toBeUndefined();
    expect(await has('student04')).toMatchObject({ hidden: true });
    expect(await has('teacher')).toMatchObject({ hidden: true });

    await t.db
      .updateTable('feedbacks')
      .set({ reported_at: new Date(Date.now() - 61 * 60 * 1000) })
      .where('id', '=', target.id)
      .execute();
    expect(await has('student07')).toMatchObject({ hidden: false });
  });

  it('refuses a report on one’s own feedback and for another user id', async () => {
    const output = outputOf.get('student03')!;
    const own = (await feedbacksOf('student04', output)).find((f) => f.user.id === 'student04')!;
    const body = (account: string, userId: string | undefined) => ({
      content: 'please check',
      id: own.id,
      type: 'feedback',
      createdAt: Date.now(),
      updatedAt: Date.now(),
      userId,
    });
    expect(
      (await call('student04', 'POST', '/v1/violation', body('student04', idOf.get('student04'))))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('student05', 'POST', '/v1/violation', body('student05', idOf.get('student04'))))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/feedback', () => {
  it('refuses empty, whitespace-only (full-width too) and over-400 comments', async () => {
    const output = outputOf.get('student04')!;
    for (const content of ['', '   ', '\u3000\u3000', 'a'.repeat(401)]) {
      const res = await postFeedback('student05', output, content);
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
    }
    expect((await postFeedback('student05', output, 'a'.repeat(400))).statusCode).toBe(200);
  });

  it('refuses the same comment as the caller’s previous one on the output with the sameComment code', async () => {
    const output = outputOf.get('student04')!;
    expect((await postFeedback('student07', output, 'I like your plan.')).statusCode).toBe(200);
    const again = await postFeedback('student07', output, '  I like your plan. ');
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).error).toMatchObject({
      code: 'conflict',
      message: 'sameComment',
    });
    expect((await postFeedback('student07', output, 'And your drawing!')).statusCode).toBe(200);
    // Only the previous one counts: going back to the first text is a new comment.
    expect((await postFeedback('student07', output, 'I like your plan.')).statusCode).toBe(200);
    // Another pupil may write the same words.
    expect((await postFeedback('student08', output, 'I like your plan.')).statusCode).toBe(200);
  });

  it('stores published feedback that others see at once (and notifications read 24 h later)', async () => {
    const output = outputOf.get('student04')!;
    const res = await postFeedback('student09', output, 'Thank you for sharing!');
    const { item } = FeedbackResponse.parse(res.json());
    expect(item).toMatchObject({ status: 'published', awaitingApproval: false, canReact: false });
    const row = await t.db
      .selectFrom('feedbacks')
      .selectAll()
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'published',
      hidden: false,
      session_id: SESSION,
      work_id: WORK,
    });
    expect((await feedbacksOf('student10', output)).some((f) => f.id === item.id)).toBe(true);
  });

  it('reaches the output author’s notifications 24 hours after posting, not before', async () => {
    const output = outputOf.get('student06')!;
    const res = await postFeedback('student12', output, 'Your oxygen fact surprised me!');
    const { item } = FeedbackResponse.parse(res.json());
    const author = await t.db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', 'student06')
      .executeTakeFirstOrThrow();
    const mentions = async (at: number) =>
      (await listNotifications(t.db, author, 'me', at)).some(
        (n) =>
          n.type === 'replyToMyOutput' &&
          n.items.feedback?.outputId === output &&
          n.payload?.id === item.id,
      );
    expect(await mentions(item.createdAt + 23 * 60 * 60 * 1000)).toBe(false);
    expect(await mentions(item.createdAt + 24 * 60 * 60 * 1000 + 1)).toBe(true);
  });

  it('holds a comment with a phone number as pending and notifies its author', async () => {
    const output = outputOf.get('student04')!;
    const res = await postFeedback('student11', output, 'Call me at 090-1234-5678');
    const { item } = FeedbackResponse.parse(res.json());
    expect(item).toMatchObject({ status: 'pending', awaitingApproval: true });
    expect((await feedbacksOf('student10', output)).some((f) => f.id === item.id)).toBe(false);
    const note = await t.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', idOf.get('student11')!)
      .where('type', '=', 'outputsViolation')
      .executeTakeFirst();
    expect(note?.payload).toMatchObject({ id: item.id });
    // The held author's own notice (read by the notifications list a day later).
    const held = await t.db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', 'student11')
      .executeTakeFirstOrThrow();
    const notices = await listNotifications(t.db, held, 'me', item.createdAt + 25 * 60 * 60 * 1000);
    expect(notices.some((n) => n.type === 'outputsViolation' && n.payload?.id === item.id)).toBe(
      true,
    );

    // Staff publish it from the queue; a pupil may not.
    const publish = (account: string) =>
      call(account, 'POST', '/v1/feedbacks/publish', { ids: [item.id] });
    expect((await publish('student01')).statusCode).toBe(403);
    expect((await publish('teacher')).statusCode).toBe(200);
    expect((await feedbacksOf('student10', output)).find((f) => f.id === item.id)?.status).toBe(
      'published',
    );
  });

  it('keeps a teacher to their own school when publishing', async () => {
    const sakuraOutput = await t.db
      .selectFrom('outputs')
      .select(['id', 'session_id', 'work_id'])
      .executeTakeFirstOrThrow();
    const [fb] = await t.db
      .insertInto('feedbacks')
      .values({
        output_id: sakuraOutput.id,
        session_id: sakuraOutput.session_id,
        work_id: sakuraOutput.work_id,
        user_id: idOf.get('sakura01')!,
        content: 'held',
        status: 'pending',
      })
      .returning('id')
      .execute();
    const res = await call('teacher', 'POST', '/v1/feedbacks/publish', { ids: [fb!.id] });
    expect(res.statusCode).toBe(404);
    expect(
      (await call('admin', 'POST', '/v1/feedbacks/publish', { ids: [fb!.id] })).statusCode,
    ).toBe(200);
  });

  it('requires the caller as userId, the submitFeedback permission and the output’s own session and work', async () => {
    const output = outputOf.get('student04')!;
    const other = await postFeedback('student05', output, 'hi', { userId: idOf.get('student06') });
    expect(other.statusCode).toBe(403);
    expect((await postFeedback('guest', output, 'hello')).statusCode).toBe(403);
    expect((await postFeedback('graduate', output, 'hello')).statusCode).toBe(403);
    expect((await postFeedback('student05', output, 'hi', { workId: 'work-x' })).statusCode).toBe(
      400,
    );
    expect((await postFeedback('student05', 'no-such-output', 'hi')).statusCode).toBe(404);
  });
});

describe('likes and reactions', () => {
  it('toggles a like on a feedback, one per user', async () => {
    const fb = (await feedbacksOf('student08', outputOf.get('student05')!)).find(
      (f) => f.canReact,
    )!;
    const react = (type: 'like' | 'unlike', account = 'student08') =>
      call(account, 'POST', `/v1/feedback/${fb.id}/reaction`, {
        feedbackId: fb.id,
        type,
        outputId: fb.outputId,
        userId: idOf.get(account),
      }).then((r) => FeedbackReactionResponse.parse(r.json()).item);
    const before = fb.likes;
    expect(await react('like')).toEqual({ likes: before + 1, liked: true });
    expect(await react('like')).toEqual({ likes: before + 1, liked: true });
    expect(await react('like', 'student09')).toEqual({ likes: before + 2, liked: true });
    expect(await react('unlike')).toEqual({ likes: before + 1, liked: false });
    const seen = (await feedbacksOf('student09', fb.outputId)).find((f) => f.id === fb.id);
    expect(seen).toMatchObject({ likes: before + 1, liked: true });
  });

  it('refuses likes on one’s own and on unpublished feedback', async () => {
    const output = outputOf.get('student01')!;
    const pending = (await feedbacksOf('student02', output)).find((f) => f.awaitingApproval)!;
    const body = (account: string) => ({
      feedbackId: pending.id,
      type: 'like',
      outputId: output,
      userId: idOf.get(account),
    });
    expect(
      (await call('student02', 'POST', `/v1/feedback/${pending.id}/reaction`, body('student02')))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('student03', 'POST', `/v1/feedback/${pending.id}/reaction`, body('student03')))
        .statusCode,
    ).toBe(404);
  });

  it('toggles one reaction per user, target and type, and the session card counts them', async () => {
    const post = (account: string, type: string) =>
      call(account, 'POST', '/v1/action', { target: 'session', targetId: SESSION, type }).then(
        (r) => ActionSummaryResponse.parse(r.json()).item,
      );
    const sessionWow = async () =>
      GetSessionResponse.parse((await call('student01', 'GET', `/v1/session/${SESSION}`)).json())
        .item.emotions.wow;
    const start = await sessionWow();
    const first = await post('student01', 'wow');
    expect(first.mine).toContain('wow');
    expect(await sessionWow()).toBe(start + 1);
    await post('student02', 'wow');
    const both = await post('student01', 'thinking');
    expect(both.counts.wow).toBe(first.counts.wow + 1);
    expect(both.mine.sort()).toEqual(['thinking', 'wow']);
    const undone = await post('student01', 'wow');
    expect(undone.mine).toEqual(['thinking']);
    expect(await sessionWow()).toBe(start + 1);
  });

  it('reacts to outputs and comments, and refuses unknown types and graduates', async () => {
    const output = outputOf.get('student03')!;
    const res = await call('student01', 'POST', '/v1/action', {
      target: 'output',
      targetId: output,
      type: 'inspired',
    });
    expect(ActionSummaryResponse.parse(res.json()).item.mine).toEqual(['inspired']);
    const get = await call('student02', 'GET', `/v1/action?target=output&targetId=${output}`);
    expect(ActionSummaryResponse.parse(get.json()).item.counts.inspired).toBeGreaterThanOrEqual(1);
    const fb = (await feedbacksOf('student01', output)).find((f) => f.canReact)!;
    const onComment = await call('student01', 'POST', '/v1/action', {
      target: 'output-comment',
      targetId: fb.id,
      type: 'worthy',
    });
    expect(ActionSummaryResponse.parse(onComment.json()).item.counts.worthy).toBe(1);
    expect(
      (
        await call('student01', 'POST', '/v1/action', {
          target: 'output',
          targetId: output,
          type: 'like',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('graduate', 'POST', '/v1/action', {
          target: 'session',
          targetId: SESSION,
          type: 'wow',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('student01', 'POST', '/v1/action', {
          target: 'comment',
          targetId: 'nope',
          type: 'wow',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('translation', () => {
  it('says no provider is configured and refuses to translate', async () => {
    const cap = await call('student01', 'GET', '/v1/translation');
    expect(TranslationCapabilityResponse.parse(cap.json()).item.available).toBe(false);
    const res = await call('student01', 'POST', '/v1/translation', {
      text: 'こんにちは',
      targetLang: 'en',
    });
    expect(res.statusCode).toBe(404);
  });

  describe('with DeepL configured (a local server speaking the DeepL v2 format)', () => {
    let server: Server;
    let app: App;
    const seen: Array<{ auth: string | undefined; body: unknown }> = [];
    let fail = false;

    const readBody = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let data = '';
        req.on('data', (c: Buffer) => (data += c.toString()));
        req.on('end', () => resolve(data));
      });

    beforeAll(async () => {
      server = createServer((req, res) => {
        void readBody(req).then((raw) => {
          seen.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
          if (fail || req.url !== '/v2/translate') {
            res.writeHead(fail ? 456 : 404).end('{"message":"Quota exceeded"}');
            return;
          }
          const { text } = JSON.parse(raw) as { text: string[] };
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              translations: text.map((s) => ({
                detected_source_language: 'JA',
                text: `[EN] ${s}`,
              })),
            }),
          );
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const { port } = server.address() as AddressInfo;
      app = await t.withEnv({
        TRANSLATION_PROVIDER: 'deepl',
        DEEPL_API_KEY: 'test-key:fx',
        DEEPL_API_URL: `http://127.0.0.1:${port}`,
      });
    });
    afterAll(async () => {
      await new Promise((r) => server.close(r));
    });

    it('translates through DeepL once and then from the cache', async () => {
      const cap = await call('student01', 'GET', '/v1/translation', undefined, app);
      expect(TranslationCapabilityResponse.parse(cap.json()).item.available).toBe(true);
      const body = { text: '海はつながっている', targetLang: 'en' };
      const first = await call('student01', 'POST', '/v1/translation', body, app);
      expect(first.statusCode, first.body).toBe(200);
      expect(TranslationResponse.parse(first.json()).item.text).toBe('[EN] 海はつながっている');
      expect(seen).toEqual([
        {
          auth: 'DeepL-Auth-Key test-key:fx',
          body: { text: ['海はつながっている'], target_lang: 'EN-US' },
        },
      ]);
      const again = await call('student02', 'POST', '/v1/translation', body, app);
      expect(TranslationResponse.parse(again.json()).item.text).toBe('[EN] 海はつながっている');
      expect(seen).toHaveLength(1);
    });

    it('answers an error when DeepL fails, and caches nothing', async () => {
      fail = true;
      const res = await call(
        'student01',
        'POST',
        '/v1/translation',
        { text: 'また明日', targetLang: 'en' },
        app,
      );
      expect(res.statusCode).toBe(500);
      expect(ErrorBody.parse(res.json()).error.code).toBe('internal');
      fail = false;
      const retry = await call(
        'student01',
        'POST',
        '/v1/translation',
        { text: 'また明日', targetLang: 'en' },
        app,
      );
      expect(TranslationResponse.parse(retry.json()).item.text).toBe('[EN] また明日');
    });
  });
});

// ---- moved from routes/catalogue.test.ts with their routes --------------------------------

const okJson = async (account: string, url: string) => {
  const res = await call(account, 'GET', url);
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>> };
};

describe('the lists of feedback', () => {
  it('me/feedbacks equals the profile list of the caller', async () => {
    const me = idOf.get('student01')!;
    expect(await okJson('student01', '/v1/me/feedbacks')).toEqual(
      await okJson('student01', `/v1/user/${me}/feedbacks`),
    );
  });

  it('feedbacks of a shared session show no other school', async () => {
    const demoUsers = new Set(
      ['student01', 'student02', 'student03', 'teacher'].map((a) => idOf.get(a)),
    );
    const other = await okJson('sakura01', `/v1/session/${SESSION}/feedbacks`);
    expect(other.items.some((i) => demoUsers.has(i.userId as string))).toBe(false);
    const own = await okJson('student02', `/v1/session/${SESSION}/feedbacks`);
    expect(own.items.length).toBeGreaterThan(0);
    // A session the caller may not see is a 404 like a made-up one.
    expect(
      (await call('student01', 'GET', `/v1/session/${DEMO_IDS.sessions.cityPrivate}/feedbacks`))
        .statusCode,
    ).toBe(404);
  });
});
