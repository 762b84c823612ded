import { ModerationReason } from '../../contracts/api/moderation';
import { isStaffRole } from '../../contracts/entities';
import type { Db } from '../db/database';

/** Why a post is not published, as its author is told: the free note and the preset reason. */
export interface RejectionNote {
  /** '' when the moderator wrote none. */
  note: string;
  reason: ModerationReason | null;
}

/**
 * The moderator's note and preset reason on the latest reject or removal of each rejected
 * output, feedback or reflection (issues 9 and 26). Only the author and the staff roles may read
 * it — callers pass only rows the viewer authored, or any row when the viewer is staff (see
 * `mayReadNote`).
 */
export async function rejectionNotes(
  db: Db,
  targetType: 'output' | 'feedback' | 'reflection',
  ids: readonly string[],
): Promise<Map<string, RejectionNote>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderation_decisions')
    .select(['target_id', 'note', 'reason_key', 'decided_at'])
    .where('target_type', '=', targetType)
    .where('decision', 'in', ['reject', 'remove'])
    .where('target_id', 'in', [...ids])
    .orderBy('decided_at')
    .execute();
  const notes = new Map<string, RejectionNote>();
  for (const r of rows) {
    const reason = ModerationReason.safeParse(r.reason_key);
    // The latest wins.
    notes.set(r.target_id, {
      note: r.note?.trim() ?? '',
      reason: reason.success ? reason.data : null,
    });
  }
  return notes;
}

/** The author and the staff roles read why a post was not published; nobody else. */
export const mayReadNote = (viewer: { id: string; role: string }, authorId: string): boolean =>
  viewer.id === authorId || isStaffRole(viewer.role as Parameters<typeof isStaffRole>[0]);

/**
 * `moderationNote` (and `moderationReason`) for one row as this viewer sees it: present only on
 * a rejected row the viewer may read the note of ('' when the moderator wrote none), absent
 * otherwise.
 */
export function noteFor(
  viewer: { id: string; role: string },
  row: { id: string; user_id: string; status: string },
  notes: ReadonlyMap<string, RejectionNote>,
): { moderationNote?: string; moderationReason?: ModerationReason } {
  if (row.status !== 'rejected' || !mayReadNote(viewer, row.user_id)) return {};
  const found = notes.get(row.id);
  return {
    moderationNote: found?.note ?? '',
    ...(found?.reason ? { moderationReason: found.reason } : {}),
  };
}
