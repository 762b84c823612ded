import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  Article,
  CreateArticleRequest,
  UpdateArticleRequest,
} from '../../contracts/api/older-service';
import { isStaffRole } from '../../contracts/entities';
import { isProviderRole, type Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';

/**
 * News items (older service: articles). An item belongs to one school, or to every school
 * (school_id null: the provider's). Readers see every school's items and their own school's;
 * provider roles see all. A school's staff write their own school's items; provider staff every
 * one.
 */

type ArticleRow = {
  id: string;
  school_id: string | null;
  title: string;
  body: string;
  url: string | null;
  published_at: Date | null;
  withdrawn_at?: Date | null;
  updated_at: Date;
};
const toArticle = (r: ArticleRow): Article => ({
  id: r.id,
  title: r.title,
  body: r.body,
  url: r.url,
  schoolId: r.school_id,
  publishedAt: r.published_at ? msOf(r.published_at) : null,
  withdrawnAt: r.withdrawn_at ? msOf(r.withdrawn_at) : null,
  updatedAt: msOf(r.updated_at),
});

export interface ArticleListOptions {
  /** Drafts too (only staff roles get them). */
  drafts: boolean;
  /** One item only. */
  id: string | undefined;
  pageSize: number;
}

/** The items the caller may read, newest first; drafts only for staff roles who ask. */
export async function listArticles(
  db: Db,
  scope: Subject,
  { drafts, id, pageSize }: ArticleListOptions,
): Promise<Article[]> {
  const withDrafts = drafts && isStaffRole(scope.role);
  const rows = await db
    .selectFrom('articles')
    .selectAll()
    // Every school's articles (school_id null) and the reader's own school's.
    .where((eb) =>
      isProviderRole(scope.role)
        ? eb.val(true)
        : eb.or([eb('school_id', 'is', null), eb('school_id', '=', scope.schoolId ?? '')]),
    )
    .$if(!withDrafts, (q) => q.where('published_at', 'is not', null))
    .$if(id !== undefined, (q) => q.where('id', '=', id!))
    .orderBy(sql`coalesce(published_at, updated_at)`, 'desc')
    .limit(pageSize)
    .execute();
  return rows.map(toArticle);
}

/**
 * A new item of the caller's school, or of every school when provider staff ask for it (or have
 * no school). 403 for a school user without a school, and for school staff asking for every
 * school. The caller's role is checked by the route (staff roles only).
 */
export async function createArticle(
  db: Db,
  scope: Subject,
  b: z.infer<typeof CreateArticleRequest>,
): Promise<Article> {
  const provider = isProviderRole(scope.role);
  // Provider staff write for every school; a school's staff for their own school only.
  const everySchool = provider && (b.allSchools === true || !scope.schoolId);
  if (!everySchool && !scope.schoolId) throw new AppError('forbidden', 'No school');
  if (b.allSchools && !provider)
    throw new AppError('forbidden', 'Only provider staff publish to every school');
  const row = await db
    .insertInto('articles')
    .values({
      school_id: everySchool ? null : scope.schoolId,
      author_id: scope.userId,
      title: b.title,
      body: b.body,
      url: b.url ?? null,
      published_at: b.publish ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toArticle(row);
}

/**
 * Issue 24: edit an item, publish a draft or withdraw a published one. A school's staff change
 * their own school's items; provider staff every one. Another school's item answers like a
 * missing one; an every-school item is 403 for a school's staff.
 */
export async function updateArticle(
  db: Db,
  scope: Subject,
  id: string,
  b: UpdateArticleRequest,
): Promise<Article> {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  const provider = isProviderRole(scope.role);
  if (!row || (!provider && (row.school_id === null || row.school_id !== scope.schoolId))) {
    // Every school's items are readable by a school's staff but belong to the provider.
    if (row && row.school_id === null)
      throw new AppError('forbidden', 'Only provider staff change news for every school');
    throw new AppError('notFound', 'No such article');
  }
  const now = new Date();
  const publishing = b.publish === true && row.published_at === null;
  const withdrawing = b.publish === false && row.published_at !== null;
  const updated = await db
    .updateTable('articles')
    .set({
      ...(b.title !== undefined ? { title: b.title } : {}),
      ...(b.body !== undefined ? { body: b.body } : {}),
      ...(b.url !== undefined ? { url: b.url } : {}),
      ...(publishing ? { published_at: now, withdrawn_at: null } : {}),
      ...(withdrawing ? { published_at: null, withdrawn_at: now } : {}),
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toArticle(updated);
}
