import { globalAgent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushKeyResponse } from '../../contracts/api/push';
import { DEMO_IDS } from '../seed/demo';
import { startPushEndpoint, type PushEndpoint } from '../testing/push-endpoint';
import { createTestApp, userIdOf, type TestApp } from '../testing/test-app';

// Issue 14: Web Push. VAPID keys are generated on the first start and kept; a browser registers
// its subscription (the older service's POST /token); new feedback on a pupil's output is
// encrypted to their subscription and sent to its push service — here a local endpoint that
// decrypts it with the subscription's keys, as the browser would.
const SESSION = DEMO_IDS.sessions.oceanArchive;
const WORK = 'work-ocean-archive';

describe('web push', () => {
  let t: TestApp;
  let push: PushEndpoint;

  beforeAll(async () => {
    [t, push] = await Promise.all([createTestApp(), startPushEndpoint()]);
    // web-push sends over HTTPS with Node's default agent: trust the local endpoint's certificate.
    previousCa = globalAgent.options.ca;
    globalAgent.options.ca = push.cert;
  });
  let previousCa: typeof globalAgent.options.ca;
  afterAll(async () => {
    globalAgent.options.ca = previousCa;
    await t?.close();
    await push?.close();
  });

  const call = async (
    account: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: await t.authHeader(account),
      ...(payload ? { payload: payload as object } : {}),
    });

  const register = async (account: string, subscription: object, userId?: string) =>
    call(account, 'POST', '/v1/push/token', {
      pushToken: JSON.stringify(subscription),
      userId: userId ?? (await userIdOf(t.db, account)),
    });

  const outputOf = async (account: string) =>
    (
      await t.db
        .selectFrom('outputs')
        .innerJoin('users', 'users.id', 'outputs.user_id')
        .select('outputs.id')
        .where('users.account', '=', account)
        .where('outputs.session_id', '=', SESSION)
        .where('outputs.status', '=', 'published')
        .executeTakeFirstOrThrow()
    ).id;

  it('keeps the VAPID key generated on the first start', async () => {
    const first = PushKeyResponse.parse((await call('student01', 'GET', '/v1/push/key')).json());
    // A P-256 public key, uncompressed: 65 bytes.
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    const again = await t.withEnv({});
    const res = await again.inject({
      url: '/v1/push/key',
      headers: await t.authHeader('student01'),
    });
    expect(PushKeyResponse.parse(res.json()).publicKey).toBe(first.publicKey);
    expect((await t.app.inject({ url: '/v1/push/key' })).statusCode).toBe(401);
  });

  it("refuses another user's id and a token that is not a subscription, storing nothing", async () => {
    const count = async () =>
      (await t.db.selectFrom('push_subscriptions').select('id').execute()).length;
    expect(
      (await register('student01', push.subscription(), await userIdOf(t.db, 'student02')))
        .statusCode,
    ).toBe(403);
    const bad = await call('student01', 'POST', '/v1/push/token', {
      pushToken: 'not json',
      userId: await userIdOf(t.db, 'student01'),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await register('student01', {
          endpoint: 'http://x.example/p',
          keys: { p256dh: 'short', auth: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(await count()).toBe(0);
  });

  it('sends new feedback to the author, encrypted to their subscription, in their language', async () => {
    const subscription = push.subscription();
    expect((await register('student01', subscription)).statusCode).toBe(200);
    // Registering the same browser twice keeps one row.
    expect((await register('student01', subscription)).statusCode).toBe(200);
    const output = await outputOf('student01');
    const posted = await call('student02', 'POST', '/v1/feedback', {
      outputId: output,
      sessionId: SESSION,
      workId: WORK,
      userId: await userIdOf(t.db, 'student02'),
      content: 'I liked how you explained the tides. ありがとう！',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await expect.poll(() => push.received.length, { timeout: 10_000 }).toBe(1);
    const [message] = push.received;
    expect(message!.path).toBe(new URL(subscription.endpoint).pathname);
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    const key = PushKeyResponse.parse((await call('student01', 'GET', '/v1/push/key')).json());
    expect(message!.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${key.publicKey}$`));
    expect(JSON.parse(message!.payload)).toEqual({
      title: 'Tomoni',
      body: 'あなたのアウトプットに新しいフィードバックが届きました',
      url: `/session/${SESSION}`,
      tag: `feedback-${output}`,
    });
  });

  it('forgets a subscription its push service says is gone, and one its owner turns off', async () => {
    push.respondWith(410);
    const output = await outputOf('student01');
    await call('student03', 'POST', '/v1/feedback', {
      outputId: output,
      sessionId: SESSION,
      workId: WORK,
      userId: await userIdOf(t.db, 'student03'),
      content: 'Your drawing of the reef is great',
    });
    const rows = () => t.db.selectFrom('push_subscriptions').select('endpoint').execute();
    await expect.poll(async () => (await rows()).length, { timeout: 10_000 }).toBe(0);
    push.respondWith(201);

    const other = push.subscription();
    expect((await register('student04', other)).statusCode).toBe(200);
    // Only its owner can remove it.
    await call('student05', 'DELETE', '/v1/push/token', { endpoint: other.endpoint });
    expect(await rows()).toHaveLength(1);
    await call('student04', 'DELETE', '/v1/push/token', { endpoint: other.endpoint });
    expect(await rows()).toHaveLength(0);
  });
});
