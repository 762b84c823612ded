import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { CreateTagRequest, UpdateTagRequest } from '../../contracts/api/catalogue';
import type { Tag } from '../../contracts/entities';
import type { Db } from '../db/database';
import { json } from '../db/json';
import type { TagsTable } from '../db/schema';

/**
 * Tags: global reference data (no school, group or user owns one; every signed-in user reads
 * them and staff roles of any school write them), so these functions take no scope. The routes
 * (routes/tags.ts) decide who writes.
 */

type TagRow = Selectable<TagsTable>;

const toTag = (r: TagRow): Tag => {
  const tag: Tag = { id: r.id, type: r.type, name: r.name };
  if (r.color !== null) tag.color = r.color;
  if (r.description !== null) tag.description = r.description;
  if (r.labels) tag.labels = r.labels;
  return tag;
};

/** Every tag, or those of one type, by type and name (global: no scope). */
export async function listTags(db: Db, type?: TagRow['type']): Promise<Tag[]> {
  const rows = await db
    .selectFrom('tags')
    .selectAll()
    .$if(type !== undefined, (q) => q.where('type', '=', type!))
    .orderBy('type')
    .orderBy('name')
    .execute();
  return rows.map(toTag);
}

/** A new tag (global: no scope). */
export async function createTag(db: Db, b: z.infer<typeof CreateTagRequest>): Promise<Tag> {
  const row = await db
    .insertInto('tags')
    .values({
      type: b.type,
      name: b.name,
      color: b.color ?? null,
      description: b.description ?? null,
      labels: b.labels ? json(b.labels) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTag(row);
}

/** Changes the given fields of a tag; undefined when there is no such tag (global: no scope). */
export async function updateTag(
  db: Db,
  { id, ...b }: z.infer<typeof UpdateTagRequest>,
): Promise<Tag | undefined> {
  const row = await db
    .updateTable('tags')
    .set({
      ...(b.type !== undefined ? { type: b.type } : {}),
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.color !== undefined ? { color: b.color } : {}),
      ...(b.description !== undefined ? { description: b.description } : {}),
      ...(b.labels !== undefined ? { labels: json(b.labels) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toTag(row);
}

/** Deletes a tag and its links to sessions; undefined when there is no such tag (no scope). */
export async function deleteTag(db: Db, id: string): Promise<Tag | undefined> {
  const row = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('session_tags').where('tag_id', '=', id).execute();
    return trx.deleteFrom('tags').where('id', '=', id).returningAll().executeTakeFirst();
  });
  return row && toTag(row);
}
