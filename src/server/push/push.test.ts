import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushKeyResponse } from '../../contracts/api/push';
import {
  isPublicAddress,
  type OutboundResponse,
  type PinnedRequest,
  type ResolvedAddress,
} from '../http/outbound';
import { DEMO_IDS } from '../seed/demo';
import { startPushEndpoint, type PushEndpoint } from '../testing/push-endpoint';
import { createTestApp, userIdOf, type TestApp } from '../testing/test-app';

// Issue 14: Web Push. VAPID keys are generated on the first start and kept; a browser registers
// its subscription (the older service's POST /token); new feedback on a pupil's output is
// encrypted to their subscription and sent to its push service — here a local endpoint that
// decrypts it with the subscription's keys, as the browser would.
//
// Issue 25, hole 1: sending goes through the outbound guard (http/outbound.ts). These tests never
// use DNS or the internet: the resolver is a table (a push service's name → a public-looking
// address that nobody connects to) and the transport hands each checked, pinned request to the
// local endpoint, recording which address it was pinned to.
const SESSION = DEMO_IDS.sessions.oceanArchive;
const WORK = 'work-ocean-archive';

const PUBLIC: ResolvedAddress = { address: '142.250.4.95', family: 4 };
/** What the test's resolver answers per host name; a name not here does not resolve. */
const dns = new Map<string, ResolvedAddress[]>();
/** Every request the guard let through, with the address it was pinned to. */
const sent: PinnedRequest[] = [];
let hold: Promise<void> | null = null;
let inFlight = 0;
let maxInFlight = 0;

/** A subscription of the local endpoint, its endpoint moved to a push service's host name. */
function atPushService(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  host = 'fcm.googleapis.com',
) {
  const url = new URL(subscription.endpoint);
  return { ...subscription, endpoint: `https://${host}/fcm/send${url.pathname}` };
}

describe('web push', () => {
  let t: TestApp;
  let push: PushEndpoint;

  beforeAll(async () => {
    push = await startPushEndpoint();
    const local = new URL(push.subscription().endpoint);
    const transport = async (req: PinnedRequest): Promise<OutboundResponse> => {
      sent.push(req);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (hold) await hold;
        // The local endpoint knows the subscription by its path after /fcm/send.
        const path = req.url.pathname.replace(/^\/fcm\/send/, '');
        return await new Promise((resolve, reject) => {
          const r = request(
            {
              host: local.hostname,
              port: local.port,
              path,
              method: req.method,
              headers: req.headers,
              ca: push.cert,
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: '' }));
            },
          );
          r.on('error', reject);
          r.end(req.body);
        });
      } finally {
        inFlight -= 1;
      }
    };
    dns.set('fcm.googleapis.com', [PUBLIC]);
    t = await createTestApp({
      outbound: {
        resolve: async (host) => {
          const found = dns.get(host);
          if (!found) throw new Error('ENOTFOUND');
          return found;
        },
        transport,
      },
    });
  });
  afterAll(async () => {
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
    const subscription = atPushService(push.subscription());
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
    expect(message!.path).toBe(new URL(subscription.endpoint).pathname.replace('/fcm/send', ''));
    // Sent to the push service's name, pinned to the address the guard checked.
    expect(sent.at(-1)!.url.hostname).toBe('fcm.googleapis.com');
    expect(sent.at(-1)!.address).toEqual(PUBLIC);
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

  it('tells the adults of a pupil in crisis to look, without the words (issue 26)', async () => {
    const before = push.received.length;
    const subscription = atPushService(push.subscription());
    expect((await register('teacher', subscription)).statusCode).toBe(200);
    const posted = await call('student02', 'POST', `/v1/session/${SESSION}/comment`, {
      type: 'SESSION',
      content: 'もう死にたい。今夜いなくなる',
    });
    expect(posted.statusCode).toBe(422);
    const path = new URL(subscription.endpoint).pathname.replace('/fcm/send', '');
    await expect
      .poll(() => push.received.filter((m) => m.path === path).length, { timeout: 10_000 })
      .toBe(1);
    const message = push.received.slice(before).find((m) => m.path === path)!;
    expect(JSON.parse(message.payload)).toEqual({
      title: 'Tomoni',
      body: '見守りが必要な書き込みがあります。開いて確認してください。',
      url: '/concerns',
      tag: 'concern',
    });
    expect(message.payload).not.toContain('死にたい');
    await call('teacher', 'DELETE', '/v1/push/token', { endpoint: subscription.endpoint });
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

    const other = atPushService(push.subscription());
    expect((await register('student04', other)).statusCode).toBe(200);
    // Only its owner can remove it.
    await call('student05', 'DELETE', '/v1/push/token', { endpoint: other.endpoint });
    expect(await rows()).toHaveLength(1);
    await call('student04', 'DELETE', '/v1/push/token', { endpoint: other.endpoint });
    expect(await rows()).toHaveLength(0);
  });

  describe('hole 1: push endpoints are only known push services on public addresses', () => {
    const count = async () =>
      (await t.db.selectFrom('push_subscriptions').select('id').execute()).length;
    const keysOnly = () => push.subscription().keys;

    it('refuses loopback, private, metadata, plain http, other hosts and ports with 400, storing nothing', async () => {
      dns.set('updates.push.services.mozilla.com', [{ address: '10.0.0.5', family: 4 }]);
      dns.set('eu.notify.windows.com', [PUBLIC, { address: 'fd00::1', family: 6 }]);
      const before = await count();
      for (const endpoint of [
        'https://127.0.0.1:6379/',
        'https://169.254.169.254/latest/meta-data/',
        'https://[::1]/push',
        'https://[::ffff:10.0.0.1]/push',
        'https://localhost/push',
        'http://fcm.googleapis.com/fcm/send/x',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://user:pw@fcm.googleapis.com/fcm/send/x',
        'https://push.evil.example/fcm/send/x',
        'https://fcm.googleapis.com.evil.example/x',
        'https://updates.push.services.mozilla.com/wpush/v2/x',
        'https://eu.notify.windows.com/w/?token=x',
        'https://api.push.apple.com/3/device/x',
      ]) {
        const res = await register('student06', { endpoint, keys: keysOnly() });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().error.code, endpoint).toBe('pushEndpointRefused');
      }
      expect(await count()).toBe(before);
    });

    it('finds loopback, private, link-local, CGNAT, multicast, ULA and v4-mapped addresses not public', () => {
      for (const a of [
        '127.0.0.1',
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '100.64.0.1',
        '224.0.0.1',
        '0.0.0.0',
        '::1',
        '::',
        'fe80::1',
        'fd00:ec2::254',
        '::ffff:127.0.0.1',
        '64:ff9b::a00:1',
        'ff02::1',
      ])
        expect(isPublicAddress(a), a).toBe(false);
      for (const a of ['142.250.4.95', '17.57.146.20', '2607:f8b0:4004:c07::5f'])
        expect(isPublicAddress(a), a).toBe(true);
    });

    it('checks the address again at send time and pins to it: a name rebound to a private address gets nothing', async () => {
      dns.set('web.push.apple.com', [{ address: '17.57.146.20', family: 4 }]);
      const sub = atPushService(push.subscription(), 'web.push.apple.com');
      expect((await register('student07', sub)).statusCode).toBe(200);
      dns.set('web.push.apple.com', [{ address: '127.0.0.1', family: 4 }]);
      const before = sent.length;
      const delivered = await t.app.push.notify(await userIdOf(t.db, 'student07'), () => ({
        title: 'Tomoni',
        body: 'x',
        url: '/',
      }));
      expect(delivered).toBe(0);
      expect(sent.length).toBe(before);
      // The rebound subscription is forgotten.
      const rows = await t.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', sub.endpoint)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('keeps at most five subscriptions per user, dropping the oldest', async () => {
      const endpoints: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        const sub = atPushService(push.subscription());
        endpoints.push(sub.endpoint);
        expect((await register('student08', sub)).statusCode).toBe(200);
      }
      const rows = await t.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', await userIdOf(t.db, 'student08'))
        .execute();
      expect(rows.map((r) => r.endpoint).sort()).toEqual(endpoints.slice(2).sort());
    });

    it('sends at most ten notifications a minute to one user, four sends at a time for the server', async () => {
      const user = await userIdOf(t.db, 'student08');
      const message = () => ({ title: 'Tomoni', body: 'x', url: '/' });
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      maxInFlight = 0;
      const before = sent.length;
      // 12 notifications × 5 browsers: 10 are allowed (50 sends), two are dropped at once.
      const all = Array.from({ length: 12 }, () => t.app.push.notify(user, message));
      await expect.poll(() => inFlight).toBe(4);
      release();
      hold = null;
      const delivered = await Promise.all(all);
      expect(delivered.filter((d) => d === 0)).toHaveLength(2);
      expect(sent.length - before).toBe(50);
      expect(maxInFlight).toBe(4);
    });
  });
});
