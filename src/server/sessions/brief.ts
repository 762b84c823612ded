import type { Selectable } from 'kysely';
import type { SessionBrief } from '../../contracts/api/profile';
import type { SessionsTable } from '../db/schema';

/** A session as lists of outputs, feedback and activities show it (title and image per language). */
export function sessionBrief(row: Selectable<SessionsTable>): SessionBrief {
  const brief: SessionBrief = { id: row.id, title: row.title, image: row.image };
  if (row.ja) brief.ja = { title: row.ja.title, image: row.ja.image };
  if (row.en) brief.en = { title: row.en.title, image: row.en.image };
  return brief;
}
