import { z } from 'zod';
import { Group, GroupMember, Id } from '../entities';
import { QueryBoolean } from './users';

export const GroupIdParams = z.object({ id: Id });

/**
 * GET /v1/group/{id}/members query (spec section 7). `withChildGroup` adds the members of the
 * group's descendants, `memberOnly` keeps pupils (member, supporter), `isStrict` leaves out
 * suspended accounts, `userId` narrows to one user (row id or account name). `primary`,
 * `withSession` and `withUser` are accepted for compatibility and change nothing (see
 * docs/decisions/0165-settings.md).
 */
export const GroupMembersQuery = z.object({
  userId: z.string().min(1).max(64).optional(),
  primary: z.optional(QueryBoolean),
  withChildGroup: z.optional(QueryBoolean),
  withSession: z.optional(QueryBoolean),
  withUser: z.optional(QueryBoolean),
  isStrict: z.optional(QueryBoolean),
  memberOnly: z.optional(QueryBoolean),
});
export type GroupMembersQuery = z.infer<typeof GroupMembersQuery>;

/** Members by student number (missing ones last), then name; `id` is the user's row id. */
export const GroupMembersResponse = z.object({ items: z.array(GroupMember) });
export type GroupMembersResponse = z.infer<typeof GroupMembersResponse>;

/** Issue 24: a class's name (a group under a grade, spec "Group"). */
export const GROUP_NAME_MAX = 50;
/** POST /v1/group: staff make a class under a group they manage (a grade) in their school. */
export const CreateGroupRequest = z
  .object({ name: z.string().trim().min(1).max(GROUP_NAME_MAX), parentId: Id })
  .strict();
export const GroupResponse = z.object({ item: Group });

/**
 * POST /v1/group/{id}/members: put a pupil of the group's school into the group; with
 * `fromGroupId` the pupil leaves that group in the same step (a move between classes).
 */
export const AddGroupMemberRequest = z.object({ userId: Id, fromGroupId: z.optional(Id) }).strict();
export const AddGroupMemberResponse = z.object({
  groupId: Id,
  userId: Id,
  movedFrom: z.nullable(Id),
});
export type AddGroupMemberResponse = z.infer<typeof AddGroupMemberResponse>;

/** GET /v1/group/{id}/candidates: the school's pupils not in the group, with their classes. */
export const GroupCandidate = z.object({
  id: Id,
  name: z.string(),
  displayName: z.string(),
  studentNumber: z.string().nullable(),
  groups: z.array(z.object({ id: Id, name: z.string() })),
});
export type GroupCandidate = z.infer<typeof GroupCandidate>;
export const GroupCandidatesResponse = z.object({ items: z.array(GroupCandidate) });

/**
 * GET/PUT /v1/group/{id}/signIn (issue 30): sign-in with the school's own Google or Microsoft
 * accounts. `roster` maps addresses to members of the group (CSV text, one `account,email` per
 * line, a header line allowed); `domain` lets any verified address of the school's domain sign in
 * as the member whose account name is the address's local part. Either or both; null/empty: off.
 */
export const SchoolSignInRequest = z
  .object({
    domain: z.nullable(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(253)
        .regex(
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'a domain such as school.ed.jp',
        ),
    ),
    roster: z.string().max(200_000),
  })
  .strict();
const SchoolSignInEntry = z.object({
  email: z.string(),
  userId: Id,
  account: z.string(),
  name: z.string(),
});
export const SchoolSignInResponse = z.object({
  item: z.object({
    groupId: Id,
    domain: z.nullable(z.string()),
    roster: z.array(SchoolSignInEntry),
  }),
});
export type SchoolSignIn = z.infer<typeof SchoolSignInResponse>['item'];
