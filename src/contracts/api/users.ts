import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TERMS_AGREEMENT_VERSION } from '../constants';
import {
  CookieConsent,
  DisplayName,
  EmotionCounts,
  Group,
  Lang,
  Me,
  PublicUser,
  ViolationKey,
} from '../entities';

/** Query strings carry 'true' / 'false' (or 1 / 0); z.coerce.boolean would read 'false' as true. */
export const QueryBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

export const UserIdParams = z.object({ id: z.string().min(1).max(64) });

/** GET /v1/user/{id} query. */
export const GetUserQuery = z.object({
  withEmotion: QueryBoolean.optional(),
  withGroup: QueryBoolean.optional(),
  primary: QueryBoolean.optional(),
  withLocation: QueryBoolean.optional(),
});

/** GET /v1/user/{id}: the public view, plus counts. */
export const UserProfile = PublicUser.extend({
  counts: z.object({
    outputs: z.number().int(),
    feedbacks: z.number().int(),
    reflections: z.number().int(),
    /** Followers and follows the viewer may see (what the two follow lists would show). */
    followers: z.number().int().optional(),
    follows: z.number().int().optional(),
  }),
  emotions: EmotionCounts.optional(),
});
export const GetUserResponse = z.object({ item: UserProfile });

/**
 * A new password's shape: at least the pupils' minimum and not a single repeated character. The
 * server adds the per-role minimum and the common-password list (auth/password-policy.ts).
 */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(256)
  .refine((p) => !/^(.)\1*$/u.test(p), { message: 'single repeated character' });

/**
 * PUT /v1/user/{id}. Every field is optional; the server applies only what is sent and checks
 * who may change what (own record, or a staff member setting a password in their group).
 */
export const UpdateUserRequest = z
  .object({
    /** The spec's payloads repeat the target's id; when sent it must name the user in the path. */
    userId: z.string().min(1).max(64).optional(),
    displayName: DisplayName.optional(),
    readNotificationAt: z.number().int().nonnegative().optional(),
    cookie: CookieConsent.optional(),
    termsAgreementVersion: z.number().int().min(TERMS_AGREEMENT_VERSION).max(1000).optional(),
    lang: Lang.optional(),
    country: z.string().trim().min(2).max(3).optional(),
    /** A state code, or the text 'undefined' when the country has no states. */
    state: z.string().trim().min(1).max(16).optional(),
    prefecture: z
      .string()
      .regex(/^(0[1-9]|[1-3][0-9]|4[0-7])$/)
      .optional(),
    oldPassword: z.string().min(1).max(256).optional(),
    password: NewPassword.optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const UpdateUserResponse = z.object({ item: Me });

export const MyGroupsQuery = z.object({
  withSession: QueryBoolean.optional(),
  withChildren: QueryBoolean.optional(),
});
export const MyGroupsResponse = z.object({ items: z.array(Group) });

export const ViolationParams = z.object({ keyName: ViolationKey });

/** Named permission checks (GET /v1/permission/{name}). */
export const PermissionName = z.enum([
  'joinSession',
  'watchArchive',
  'addComment',
  'submitOutput',
  'submitFeedback',
  'changeProfile',
  'follow',
  'seeFeedbackZero',
  'seeReport',
]);
export type PermissionName = z.infer<typeof PermissionName>;
export const PermissionParams = z.object({ name: PermissionName });
export const PermissionQuery = z.object({ sessionId: z.string().min(1).max(64).optional() });
export const PermissionResponse = z.object({ isPermitted: z.boolean() });

/** DELETE /v1/me/violation/{keyName}: the updated own record. */
export const DeleteViolationResponse = z.object({ item: Me });
