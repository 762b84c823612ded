import { isStaffRole } from '../../contracts/entities';
import type { Db } from '../db/database';
import { groupsOfSchools, groupsOfUser, type UserRow } from '../users/repository';

/**
 * "Approve all feedback first" (issue 8): whether a feedback by `author` must wait for a teacher
 * because one of the author's groups, or a group above one of them, has the mode on. Staff
 * roles' feedback is never held by the mode.
 */
export const feedbackNeedsApproval = (db: Db, author: UserRow): Promise<boolean> =>
  groupRuleOn(db, author, 'feedback_approval');

/**
 * Whether one of `author`'s groups, or a group above one of them, has `rule` on ("approve all
 * feedback first", "approve every picture first"). Staff roles are never held by a rule.
 */
export async function groupRuleOn(
  db: Db,
  author: UserRow,
  rule: 'feedback_approval' | 'picture_approval',
): Promise<boolean> {
  if (isStaffRole(author.role)) return false;
  const own = await groupsOfUser(db, author.id);
  if (own.some((g) => g[rule])) return true;
  if (!own.some((g) => g.parent_id !== null)) return false;
  const all = await groupsOfSchools(db, [...new Set(own.map((g) => g.school_id))]);
  const byId = new Map(all.map((g) => [g.id, g]));
  for (const g of own) {
    let parent = g.parent_id ? byId.get(g.parent_id) : undefined;
    for (let depth = 0; parent && depth < 16; depth += 1) {
      if (parent[rule]) return true;
      parent = parent.parent_id ? byId.get(parent.parent_id) : undefined;
    }
  }
  return false;
}
