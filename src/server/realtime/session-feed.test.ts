import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListCommentsResponse } from '../../contracts/api/sessions';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, userIdOf, type TestApp } from '../testing/test-app';
import { openSocket, type TestSocket } from './test-socket';

/**
 * Live session pages (issue 14): `subscribeSession` hints after outputs, reactions, feedback
 * and session comments commit, walled by school; staff pin comments.
 */

let t: TestApp;
const S = DEMO_IDS.sessions;
const sockets: TestSocket[] = [];

const call = async (account: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: await t.authHeader(account),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function follow(account: string, sessionId: string): Promise<TestSocket> {
  const s = await openSocket(t.app, (await t.login(account)).token);
  sockets.push(s);
  s.send({ type: 'subscribeSession', sessionId });
  // A ping answered after the subscribe means the subscribe was handled (one socket, in order).
  s.send({ type: 'ping', id: 7, clientTime: 0 });
  const first = await s.next();
  if (first.type !== 'pong') throw new Error(`subscribe answered ${JSON.stringify(first)}`);
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await t?.close();
});

describe('subscribeSession', () => {
  it('tells pupils of the same school of a new output, a reaction and feedback; never another school', async () => {
    const classmate = await follow('student01', S.oceanLive);
    const otherSchool = await follow('sakura01', S.oceanLive);

    const posted = await call('student14', 'POST', '/v1/output', {
      sessionId: S.oceanLive,
      workId: 'work-ocean-archive',
      status: 'published',
      description: '海の生き物は思っていたより多くて、深いところにも光る魚がいると知った。',
    });
    expect(posted.statusCode).toBe(200);
    const output = (posted.json() as { item: { id: string; rate: number } }).item;
    // The rate is computed on publish (30 + one point per character, at most 80 without picture).
    expect(output.rate).toBeGreaterThanOrEqual(50);
    const change = await classmate.nextOf('sessionChange');
    expect(change).toMatchObject({
      sessionId: S.oceanLive,
      kind: 'output',
      targetId: output.id,
      outputId: output.id,
    });

    const reacted = await call('student02', 'POST', '/v1/action', {
      target: 'output',
      targetId: output.id,
      type: 'wow',
    });
    expect(reacted.statusCode).toBe(200);
    expect(await classmate.nextOf('sessionChange')).toMatchObject({
      kind: 'action',
      targetId: output.id,
    });

    const feedback = await call('student03', 'POST', '/v1/feedback', {
      userId: await userIdOf(t.db, 'student03'),
      outputId: output.id,
      sessionId: S.oceanLive,
      workId: 'work-ocean-archive',
      content: '光る魚の話、わたしも知りたいです。',
    });
    expect(feedback.statusCode).toBe(200);
    expect(await classmate.nextOf('sessionChange')).toMatchObject({
      kind: 'feedback',
      outputId: output.id,
    });

    expect(await otherSchool.silentFor(300)).toBe(true);
  });

  it('answers a session the caller may not see like a missing one', async () => {
    const s = await openSocket(t.app, (await t.login('student01')).token);
    sockets.push(s);
    s.send({ type: 'subscribeSession', sessionId: S.cityPrivate });
    expect(await s.nextOf('error')).toMatchObject({ code: 'notFound', ref: S.cityPrivate });
    s.send({ type: 'subscribeSession', sessionId: 'session-made-up' });
    expect(await s.nextOf('error')).toMatchObject({ code: 'notFound', ref: 'session-made-up' });
  });
});

describe('PUT /v1/comment/{id}/pin', () => {
  it('lets staff roles pin a session comment: listed first, and the pages hear it', async () => {
    const first = await call('student05', 'POST', `/v1/session/${S.oceanLive}/comment`, {
      type: 'SESSION',
      content: '最初のコメント',
    });
    const firstId = (first.json() as { item: { id: string } }).item.id;
    const later = await call('student06', 'POST', `/v1/session/${S.oceanLive}/comment`, {
      type: 'SESSION',
      content: 'あとのコメント',
    });
    expect(later.statusCode).toBe(200);

    const page = await follow('student07', S.oceanLive);
    const otherSchool = await follow('sakura01', S.oceanLive);

    // A pupil may see it but not pin it; another school's teacher may not even see it.
    const byPupil = await call('student07', 'PUT', `/v1/comment/${firstId}/pin`, {
      isPinned: true,
    });
    expect(byPupil.statusCode).toBe(403);
    const byOtherSchool = await call('sakura-teacher', 'PUT', `/v1/comment/${firstId}/pin`, {
      isPinned: true,
    });
    expect(byOtherSchool.statusCode).toBe(404);
    const bad = await call('teacher', 'PUT', `/v1/comment/${firstId}/pin`, { isPinned: 'yes' });
    expect(bad.statusCode).toBe(400);
    const pinnedBefore = await t.db
      .selectFrom('comments')
      .select('is_pinned')
      .where('id', '=', firstId)
      .executeTakeFirstOrThrow();
    expect(pinnedBefore.is_pinned).toBe(false);

    const pinned = await call('teacher', 'PUT', `/v1/comment/${firstId}/pin`, { isPinned: true });
    expect(pinned.statusCode).toBe(200);
    expect((pinned.json() as { item: { isPinned: boolean } }).item.isPinned).toBe(true);
    expect(await page.nextOf('sessionChange')).toMatchObject({
      kind: 'comment',
      targetId: firstId,
    });

    const list = ListCommentsResponse.parse(
      (await call('student08', 'GET', `/v1/session/${S.oceanLive}/comments?type=SESSION`)).json(),
    );
    expect(list.items[0]?.id).toBe(firstId);
    expect(list.items[0]?.isPinned).toBe(true);

    const unpinned = await call('teacher', 'PUT', `/v1/comment/${firstId}/pin`, {
      isPinned: false,
    });
    expect((unpinned.json() as { item: { isPinned: boolean } }).item.isPinned).toBe(false);
    expect(await page.nextOf('sessionChange')).toMatchObject({ kind: 'comment' });
    expect(await otherSchool.silentFor(300)).toBe(true);
  });
});
