import { z } from 'zod';
import { Id } from '../entities';

/** GET /v1/push/key: the server's VAPID public key (base64url), for PushManager.subscribe. */
export const PushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionJson = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2000),
  keys: z.object({
    p256dh: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(80)
      .max(100),
    auth: z
      .string()
      .regex(/^[A-Za-z0-9_-]+={0,2}$/)
      .min(16)
      .max(30),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

/**
 * POST /v1/push/token: the older service's POST /token (pushToken, userId). The push token is the
 * browser's subscription as JSON text; userId must be the caller's own id.
 */
export const PushTokenRequest = z.object({
  pushToken: z.string().min(1).max(4000),
  userId: Id,
});
export type PushTokenRequest = z.infer<typeof PushTokenRequest>;

/** DELETE /v1/push/token: forget this browser's subscription (turning notifications off). */
export const PushTokenDeleteRequest = z.object({ endpoint: z.url() });

export const PushTokenResponse = z.object({ ok: z.literal(true) });
