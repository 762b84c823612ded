import { isStaffRole } from '../../contracts/entities';
import type { Db } from '../db/database';

/**
 * The teacher's note on the latest reject decision of each rejected output or feedback (issue 9):
 * '' when the teacher left none. Only the author and the staff roles may read it — callers pass
 * only rows the viewer authored, or any row when the viewer is staff (see `mayReadNote`).
 */
export async function rejectionNotes(
  db: Db,
  targetType: 'output' | 'feedback',
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderation_decisions')
    .select(['target_id', 'note', 'decided_at'])
    .where('target_type', '=', targetType)
    .where('decision', '=', 'reject')
    .where('target_id', 'in', [...ids])
    .orderBy('decided_at')
    .execute();
  const notes = new Map<string, string>();
  for (const r of rows) notes.set(r.target_id, r.note?.trim() ?? ''); // the latest wins
  return notes;
}

/** The author and the staff roles read why a post was not published; nobody else. */
export const mayReadNote = (viewer: { id: string; role: string }, authorId: string): boolean =>
  viewer.id === authorId || isStaffRole(viewer.role as Parameters<typeof isStaffRole>[0]);

/**
 * `moderationNote` for one row as this viewer sees it: present only on a rejected row the viewer
 * may read the note of ('' when the teacher wrote none), absent otherwise.
 */
export function noteFor(
  viewer: { id: string; role: string },
  row: { id: string; user_id: string; status: string },
  notes: ReadonlyMap<string, string>,
): { moderationNote?: string } {
  if (row.status !== 'rejected' || !mayReadNote(viewer, row.user_id)) return {};
  return { moderationNote: notes.get(row.id) ?? '' };
}
