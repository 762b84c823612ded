import { z } from 'zod';
import { GroupMember, Id } from '../entities';
import { QueryBoolean } from './users';

export const GroupIdParams = z.object({ id: Id });

/**
 * GET /v1/group/{id}/members query (spec section 7). `withChildGroup` adds the members of the
 * group's descendants, `memberOnly` keeps pupils (member, supporter), `isStrict` leaves out
 * suspended accounts, `userId` narrows to one user (row id or account name). `primary`,
 * `withSession` and `withUser` are accepted for compatibility and change nothing (see
 * docs/decisions.md, "Settings").
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
