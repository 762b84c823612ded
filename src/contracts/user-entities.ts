import * as z from 'zod/mini';
import { Picture } from './picture';
import { DISPLAY_NAME_MAX } from './constants';
import { nameText } from './names';

/**
 * The entities every first load parses — the signed-in user's own record and what it is made of
 * — in zod's tree-shakable functional API (`zod/mini`), so /login and the signed-in shell do not
 * carry classic zod's ~23 kB (issue 10; docs/decisions/0180-zod-mini-and-xstate-on-login.md).
 * entities.ts re-exports them; schemas written with classic zod wrap them with `z.optional(Id)` and
 * the like (classic and mini schemas are both zod 4 core schemas and mix freely).
 */

export const Id = z.string().check(z.minLength(1), z.maxLength(64));
export const EpochMs = z.int().check(z.nonnegative());

export const Lang = z.enum(['ja', 'en']);
export type Lang = z.infer<typeof Lang>;

export const Role = z.enum(['member', 'supporter', 'teacher', 'staff', 'admin', 'graduated']);
export type Role = z.infer<typeof Role>;
/** Teacher, staff and admin: they see reports, support and download settings. */
export const STAFF_ROLES: readonly Role[] = ['teacher', 'staff', 'admin'];
export const isStaffRole = (role: Role): boolean => STAFF_ROLES.includes(role);

export const CookieConsent = z.nullable(z.enum(['approved', 'refused']));
export const ViolationKey = z.enum(['profile', 'image']);

const Location = z.object({
  country: z.object({ code: z.string().check(z.minLength(2), z.maxLength(3)) }),
  state: z.nullable(z.object({ code: z.string().check(z.maxLength(16)) })),
});
type Location = z.infer<typeof Location>;

export const School = z.object({ id: Id, name: z.string() });

export const Group = z.object({
  id: Id,
  name: z.string(),
  parentId: z.nullable(Id),
  schoolId: Id,
  /** 'suspended' groups are excluded from reports and group pickers. */
  confirmType: z.enum(['active', 'suspended']),
  projectAvailable: z.boolean(),
  updatedAt: EpochMs,
});
export type Group = z.infer<typeof Group>;

/**
 * The display name others receive for a user whose name is forbidden (the posting rules'
 * screening holds it): clients show the spec's 'no permission' text in its place. The person
 * and staff roles (who correct names) receive the name itself.
 */
export const HIDDEN_DISPLAY_NAME = '';

/** Whether a display name on the wire is one the viewer may not see. */
export const isHiddenDisplayName = (displayName: string): boolean =>
  displayName === HIDDEN_DISPLAY_NAME;

/** What anyone may see of a user. */
export const PublicUser = z.object({
  _id: Id,
  /** The account name. */
  id: z.string(),
  displayName: z.string(),
  image: z.nullable(Picture),
  role: Role,
  school: z.nullable(School),
});
export type PublicUser = z.infer<typeof PublicUser>;

/**
 * The permission checks that need no session, answered with the own record so a page does not
 * ask GET /v1/permission/{name} for each (issue 10). joinSession and watchArchive need a session
 * and are asked by name.
 */
export const USER_PERMISSION_NAMES = [
  'addComment',
  'submitOutput',
  'submitFeedback',
  'changeProfile',
  'follow',
  'seeFeedbackZero',
  'seeReport',
] as const;
export type UserPermissionName = (typeof USER_PERMISSION_NAMES)[number];
export const UserPermissions = z.object(
  Object.fromEntries(USER_PERMISSION_NAMES.map((n) => [n, z.boolean()])) as Record<
    UserPermissionName,
    z.ZodMiniBoolean
  >,
);
export type UserPermissions = z.infer<typeof UserPermissions>;

/** The signed-in user's own record (GET /v1/me). */
export const Me = z.extend(PublicUser, {
  name: z.string(),
  studentNumber: z.nullable(z.string()),
  groups: z.array(Group),
  lang: Lang,
  location: Location,
  prefecture: z.nullable(z.string()),
  readNotificationAt: z.nullable(EpochMs),
  cookie: CookieConsent,
  termsAgreementVersion: z.int(),
  profileUpdatedAt: z.nullable(EpochMs),
  violationStatuses: z.array(ViolationKey),
  isPasswordUnconfirmed: z.boolean(),
  /** The display name is forbidden: others see 'no permission' in its place until it changes. */
  displayNameHidden: z.optional(z.boolean()),
  /** Guest accounts can look around but cannot post outputs. */
  isGuest: z.boolean(),
  birthYear: z.nullable(z.int()),
  /** What GET /v1/permission/{name} would answer for each name that needs no session. */
  permissions: z.optional(UserPermissions),
});
export type Me = z.infer<typeof Me>;

const Count = z.int().check(z.nonnegative());
export const EmotionCounts = z.object({
  inspired: Count,
  wow: Count,
  thinking: Count,
  crying: Count,
});
export type EmotionCounts = z.infer<typeof EmotionCounts>;

/** Display names: required, at most 18 characters after trimming, no hidden characters. */
export const DisplayName = nameText(DISPLAY_NAME_MAX);

/** A language code as a `Lang`, or `fallback` when it is not one (an i18next language, a select). */
export const toLang = (value: unknown, fallback: Lang): Lang => {
  const parsed = Lang.safeParse(value);
  return parsed.success ? parsed.data : fallback;
};
