import webpush from 'web-push';
import type { Db } from '../db/database';
import {
  checkOutbound,
  outboundRequest,
  OutboundRefused,
  type OutboundPolicy,
} from '../http/outbound';

const KEY = 'vapid_keys';

/** The server's VAPID key pair (base64url, as browsers and web-push take them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * Generated on the first start and kept in app_settings, so subscriptions made against the
 * public key survive restarts; concurrent first starts agree ("first writer wins").
 */
async function resolveVapidKeys(db: Db): Promise<VapidKeys> {
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.value) as VapidKeys;
}

/** What a notification carries to the service worker (src/sw/sw.ts shows it). */
export interface PushMessage {
  title: string;
  body: string;
  /** Where a click on the notification leads (a path of this app). */
  url: string;
  tag?: string;
}

export interface PushLogger {
  warn(obj: object, msg: string): void;
}

/** How much Web Push one user and the whole server may cause (issue 25, hole 1). */
const PUSH_LIMITS = {
  /** Browsers one user keeps subscribed; registering a sixth drops the oldest. */
  subscriptionsPerUser: 5,
  /** Notifications one user receives per minute; more are dropped (the app still shows them). */
  notificationsPerUserPerMinute: 10,
  /** Sends in flight at once, for the whole process. */
  concurrency: 4,
  /** Sends waiting for a slot; beyond this, new ones are dropped. */
  maxQueued: 1000,
};

/** A subscription's endpoint that push may not send to: 400 pushEndpointRefused names why. */
export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
  constructor(readonly reason: string) {
    super(`push endpoint refused: ${reason}`);
  }
}

/**
 * Sends Web Push notifications to the browsers a user subscribed. The VAPID keys are read (or
 * made) on first use, not while the app is built: a server whose database is briefly unreachable
 * at start still starts and answers, and a failed read is tried again next time.
 *
 * Every send goes through the outbound guard (http/outbound.ts): https to a known push service
 * whose addresses are all public, pinned to the checked address, 5 s, no keep-alive. Sends wait in
 * one queue with PUSH_LIMITS.concurrency slots, and each user gets at most
 * notificationsPerUserPerMinute, so no pupil action fans out unbounded work.
 */
export class PushService {
  private keys: Promise<VapidKeys> | null = null;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly recent = new Map<string, number[]>();

  constructor(
    private readonly db: Db,
    /** The VAPID subject: the app's public URL, or a mailto: the push service may write to. */
    private readonly subject: string,
    private readonly log: PushLogger,
    private readonly outbound: OutboundPolicy,
    private readonly limits = PUSH_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private vapidKeys(): Promise<VapidKeys> {
    this.keys ??= resolveVapidKeys(this.db).catch((error: unknown) => {
      this.keys = null;
      throw error;
    });
    return this.keys;
  }

  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  /**
   * Stores a browser's subscription for the user after the outbound guard accepted its endpoint
   * (throws PushEndpointRefused, storing nothing, when it does not). A browser that signs in as
   * someone else moves to them; past subscriptionsPerUser the oldest are dropped.
   */
  async register(
    userId: string,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  ): Promise<void> {
    try {
      await checkOutbound(subscription.endpoint, this.outbound);
    } catch (error) {
      if (error instanceof OutboundRefused) throw new PushEndpointRefused(error.reason);
      throw error;
    }
    const { endpoint, keys } = subscription;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('push_subscriptions')
        .values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: userId,
            p256dh: keys.p256dh,
            auth: keys.auth,
            created_at: new Date(),
          }),
        )
        .execute();
      const keep = trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(this.limits.subscriptionsPerUser);
      await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('id', 'not in', keep)
        .execute();
    });
  }

  /**
   * Encrypts and sends the message (built in the user's language) to each of their subscriptions; one a push service says is
   * gone (404, 410) is deleted. Resolves with how many were delivered; never throws.
   */
  async notify(userId: string, message: (lang: 'ja' | 'en') => PushMessage): Promise<number> {
    if (!this.withinUserRate(userId)) return 0;
    try {
      return await this.send(userId, message);
    } catch (error) {
      this.log.warn({ err: error }, 'push failed');
      return 0;
    }
  }

  /** Counts a notification against the user's minute; false when the minute is used up. */
  private withinUserRate(userId: string): boolean {
    const now = this.now();
    const since = now - 60_000;
    const times = (this.recent.get(userId) ?? []).filter((t) => t > since);
    if (times.length >= this.limits.notificationsPerUserPerMinute) {
      this.recent.set(userId, times);
      return false;
    }
    times.push(now);
    this.recent.set(userId, times);
    if (this.recent.size > 10_000) {
      for (const [id, list] of this.recent)
        if (list.every((t) => t <= since)) this.recent.delete(id);
    }
    return true;
  }

  /** Runs `task` in one of the queue's slots; null when the queue is full (the send is dropped). */
  private async inSlot<T>(task: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxQueued) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes to the next waiting send, or is freed.
      if (next) next();
      else this.running -= 1;
    }
  }

  private async send(userId: string, message: (lang: 'ja' | 'en') => PushMessage) {
    const subscriptions = await this.db
      .selectFrom('push_subscriptions')
      .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
      .select([
        'push_subscriptions.id',
        'push_subscriptions.endpoint',
        'push_subscriptions.p256dh',
        'push_subscriptions.auth',
        'users.lang',
      ])
      .where('push_subscriptions.user_id', '=', userId)
      .orderBy('push_subscriptions.created_at', 'desc')
      .limit(this.limits.subscriptionsPerUser)
      .execute();
    if (subscriptions.length === 0) return 0;
    const keys = await this.vapidKeys();
    // The text is in the recipient's language, as the app shows it to them.
    const payload = JSON.stringify(message(subscriptions[0]!.lang));
    const results = await Promise.all(
      subscriptions.map(
        async (s) => (await this.inSlot(() => this.sendOne(s, payload, keys))) ?? 0,
      ),
    );
    return results.reduce<number>((a, b) => a + b, 0);
  }

  private async sendOne(
    s: { id: string; endpoint: string; p256dh: string; auth: string },
    payload: string,
    keys: VapidKeys,
  ): Promise<number> {
    const drop = () => this.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
    try {
      const details = webpush.generateRequestDetails(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        payload,
        {
          vapidDetails: {
            subject: this.subject,
            publicKey: keys.publicKey,
            privateKey: keys.privateKey,
          },
          TTL: 24 * 60 * 60,
          contentEncoding: 'aes128gcm',
        },
      );
      const res = await outboundRequest(
        s.endpoint,
        {
          method: details.method,
          headers: details.headers as Record<string, string | number>,
          ...(details.body ? { body: details.body } : {}),
        },
        this.outbound,
      );
      if (res.status >= 200 && res.status < 300) return 1;
      if (res.status === 404 || res.status === 410) await drop();
      else
        this.log.warn({ status: res.status, endpoint: new URL(s.endpoint).origin }, 'push failed');
      return 0;
    } catch (error) {
      // An endpoint the guard now refuses (a host no longer allowed, a name that resolves to a
      // private address) is forgotten; a name that did not resolve is tried again next time.
      if (error instanceof OutboundRefused && error.reason !== 'unresolvable') await drop();
      this.log.warn({ err: error, endpoint: s.endpoint.slice(0, 80) }, 'push failed');
      return 0;
    }
  }
}
