import { z } from 'zod';
import { Id, Role } from '../entities';

/**
 * GET /v1/realtime (public): where this server's clients receive room events. The client asks at
 * start-up, so one build serves both backends.
 */
export const RealtimeConfigResponse = z.object({
  item: z.discriminatedUnion('backend', [
    z.object({ backend: z.literal('ws') }),
    z.object({
      backend: z.literal('firestore'),
      /** The browser SDK's config (public by design: the security rules guard the data). */
      firebase: z.object({
        projectId: z.string().min(1),
        apiKey: z.string().min(1),
        authDomain: z.string().min(1).optional(),
        appId: z.string().min(1).optional(),
      }),
      /** The emulator the browser connects to (local runs), or null on Firebase. */
      emulator: z.object({ host: z.string().min(1), port: z.number().int().positive() }).nullable(),
    }),
  ]),
});
export type RealtimeConfig = z.infer<typeof RealtimeConfigResponse>['item'];

/**
 * What the security rules read from a Firebase identity (firestore.rules): the user, their role,
 * their school and their groups (with the groups above them, as the server's room access counts
 * them).
 */
export const FirebaseClaims = z.object({
  role: Role,
  school: z.nullable(Id),
  groups: z.array(Id),
});
export type FirebaseClaims = z.infer<typeof FirebaseClaims>;

/**
 * POST /v1/realtime/token (signed in, firestore backend only): a Firebase custom token to sign in
 * with (`custom`), or on the emulator, where no Auth emulator runs, an unsigned mock user token
 * with the same claims (`mock`), which only the emulator accepts.
 */
export const RealtimeTokenResponse = z.object({
  item: z.object({
    kind: z.enum(['custom', 'mock']),
    token: z.string().min(1),
    uid: Id,
    claims: FirebaseClaims,
  }),
});
export type RealtimeToken = z.infer<typeof RealtimeTokenResponse>['item'];
