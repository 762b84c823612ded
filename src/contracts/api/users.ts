import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH, TERMS_AGREEMENT_VERSION } from '../constants';
import {
  CookieConsent,
  DisplayName,
  EmotionCounts,
  Group,
  Id,
  Lang,
  Me,
  PublicUser,
  USER_PERMISSION_NAMES,
  ViolationKey,
} from '../user-entities';

/** Query strings carry 'true' / 'false' (or 1 / 0); z.coerce.boolean would read 'false' as true. */
export const QueryBoolean = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((v) => v === 'true' || v === '1'),
  ),
]);

export const UserIdParams = z.object({ id: Id });

/** GET /v1/user/{id} query. */
export const GetUserQuery = z.object({
  withEmotion: z.optional(QueryBoolean),
  withGroup: z.optional(QueryBoolean),
  primary: z.optional(QueryBoolean),
  withLocation: z.optional(QueryBoolean),
});

/** GET /v1/user/{id}: the public view, plus counts. */
const UserProfile = z.extend(PublicUser, {
  counts: z.object({
    outputs: z.int(),
    feedbacks: z.int(),
    reflections: z.int(),
    /** Followers and follows the viewer may see (what the two follow lists would show). */
    followers: z.optional(z.int()),
    follows: z.optional(z.int()),
  }),
  emotions: z.optional(EmotionCounts),
});
export const GetUserResponse = z.object({ item: UserProfile });

/**
 * A new password's shape: at least the pupils' minimum and not a single repeated character. The
 * server adds the per-role minimum and the common-password list (auth/password-policy.ts).
 */
export const NewPassword = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH),
  z.maxLength(256),
  z.refine((p) => !/^(.)\1*$/u.test(p), { message: 'single repeated character' }),
);

/**
 * PUT /v1/user/{id}. Every field is optional; the server applies only what is sent and checks
 * who may change what (own record, or a staff member setting a password in their group).
 */
export const UpdateUserRequest = z.strictObject({
  /** The spec's payloads repeat the target's id; when sent it must name the user in the path. */
  userId: z.optional(Id),
  displayName: z.optional(DisplayName),
  readNotificationAt: z.optional(z.int().check(z.nonnegative())),
  cookie: z.optional(CookieConsent),
  termsAgreementVersion: z.optional(z.int().check(z.gte(TERMS_AGREEMENT_VERSION), z.lte(1000))),
  lang: z.optional(Lang),
  country: z.optional(z.string().check(z.trim(), z.minLength(2), z.maxLength(3))),
  /** A state code, or the text 'undefined' when the country has no states. */
  state: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(16))),
  prefecture: z.optional(z.string().check(z.regex(/^(0[1-9]|[1-3][0-9]|4[0-7])$/))),
  oldPassword: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  password: z.optional(NewPassword),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

export const UpdateUserResponse = z.object({ item: Me });

export const MyGroupsQuery = z.object({
  withSession: z.optional(QueryBoolean),
  withChildren: z.optional(QueryBoolean),
});
export const MyGroupsResponse = z.object({ items: z.array(Group) });

export const ViolationParams = z.object({ keyName: ViolationKey });

/** Named permission checks (GET /v1/permission/{name}). */
export const PermissionName = z.enum(['joinSession', 'watchArchive', ...USER_PERMISSION_NAMES]);
export type PermissionName = z.infer<typeof PermissionName>;
export const PermissionParams = z.object({ name: PermissionName });
export const PermissionQuery = z.object({ sessionId: z.optional(Id) });
export const PermissionResponse = z.object({ isPermitted: z.boolean() });

/** DELETE /v1/me/violation/{keyName}: the updated own record. */
export const DeleteViolationResponse = z.object({ item: Me });
