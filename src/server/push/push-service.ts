import webpush from 'web-push';
import type { Db } from '../db/database';

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
export async function resolveVapidKeys(db: Db): Promise<VapidKeys> {
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

/**
 * Sends Web Push notifications to every browser a user subscribed. The VAPID keys are read (or
 * made) on first use, not while the app is built: a server whose database is briefly unreachable
 * at start still starts and answers, and a failed read is tried again next time.
 */
export class PushService {
  private keys: Promise<VapidKeys> | null = null;

  constructor(
    private readonly db: Db,
    /** The VAPID subject: the app's public URL, or a mailto: the push service may write to. */
    private readonly subject: string,
    private readonly log: PushLogger,
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
   * Encrypts and sends the message (built in the user's language) to each of their subscriptions; one a push service says is
   * gone (404, 410) is deleted. Resolves with how many were delivered; never throws.
   */
  async notify(userId: string, message: (lang: 'ja' | 'en') => PushMessage): Promise<number> {
    try {
      return await this.send(userId, message);
    } catch (error) {
      this.log.warn({ err: error }, 'push failed');
      return 0;
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
      .execute();
    if (subscriptions.length === 0) return 0;
    const keys = await this.vapidKeys();
    // The text is in the recipient's language, as the app shows it to them.
    const payload = JSON.stringify(message(subscriptions[0]!.lang));
    const results = await Promise.all(
      subscriptions.map(async (s) => {
        try {
          await webpush.sendNotification(
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
          return 1;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) {
            await this.db.deleteFrom('push_subscriptions').where('id', '=', s.id).execute();
          } else {
            this.log.warn({ err: error, endpoint: new URL(s.endpoint).origin }, 'push failed');
          }
          return 0;
        }
      }),
    );
    return results.reduce<number>((a, b) => a + b, 0);
  }
}
