import { sql } from 'kysely';
import type { Inquiry } from '../../contracts/api/older-service';
import type { Subject } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';

/**
 * The contact form (older service: inquiries). Anyone signed in writes one; the provider's admins
 * read, answer and archive them (the admin role alone: it is the provider's inbox).
 */

type InquiryRow = {
  id: string;
  subject: string;
  body: string;
  email: string;
  status: string;
  answer: string | null;
  answered_at: Date | null;
  archived_at: Date | null;
  created_at: Date;
  user_id: string | null;
  display_name: string | null;
  school_name: string | null;
  school_name_en: string | null;
};
/** The sender's school in the reader's language (English falls back to the Japanese name). */
const toInquiry = (r: InquiryRow, lang: 'ja' | 'en'): Inquiry => ({
  id: r.id,
  subject: r.subject,
  body: r.body,
  email: r.email,
  user: r.user_id
    ? {
        id: r.user_id,
        displayName: r.display_name ?? '',
        school: (lang === 'en' ? r.school_name_en : null) ?? r.school_name ?? null,
      }
    : null,
  createdAt: msOf(r.created_at),
  status: r.status === 'answered' ? 'answered' : 'open',
  answer: r.answer,
  answeredAt: r.answered_at ? msOf(r.answered_at) : null,
  archivedAt: r.archived_at ? msOf(r.archived_at) : null,
});

/** A message from the caller to the provider's admins. */
export async function createInquiry(
  db: Db,
  scope: Subject,
  m: { email?: string | undefined; subject: string; body: string },
): Promise<{ id: string; createdAt: number }> {
  const row = await db
    .insertInto('inquiries')
    .values({ user_id: scope.userId, email: m.email ?? '', subject: m.subject, body: m.body })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, createdAt: msOf(row.created_at) };
}

/** The inbox is the provider's admins' (the route answers the same 403 before this). */
function assertInbox(scope: Subject): void {
  if (scope.role !== 'admin') throw new AppError('forbidden', 'Admins only');
}

const inquiryRows = (db: Db) =>
  db
    .selectFrom('inquiries')
    .leftJoin('users', 'users.id', 'inquiries.user_id')
    .leftJoin('schools', 'schools.id', 'users.school_id')
    .select([
      'inquiries.id',
      'inquiries.subject',
      'inquiries.body',
      'inquiries.email',
      'inquiries.status',
      'inquiries.answer',
      'inquiries.answered_at',
      'inquiries.archived_at',
      'inquiries.created_at',
      'users.id as user_id',
      'users.display_name',
      'schools.name as school_name',
      'schools.name_en as school_name_en',
    ]);

/**
 * Issue 24: one page of the inbox; open messages first, then answered ones, each newest first;
 * the archived ones instead with `archived`. `lang` is the reader's (schools' names).
 */
export async function listInquiries(
  db: Db,
  scope: Subject,
  lang: 'ja' | 'en',
  { archived, page, pageSize }: { archived: boolean; page: number; pageSize: number },
): Promise<{ items: Inquiry[]; total: number }> {
  assertInbox(scope);
  const [rows, count] = await Promise.all([
    inquiryRows(db)
      .where('inquiries.archived_at', archived ? 'is not' : 'is', null)
      .$if(!archived, (q) =>
        q.orderBy(sql`(inquiries.status = 'open')`, 'desc').orderBy('inquiries.created_at', 'desc'),
      )
      .$if(archived, (q) => q.orderBy('inquiries.archived_at', 'desc'))
      .orderBy('inquiries.id')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    db
      .selectFrom('inquiries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('archived_at', archived ? 'is not' : 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toInquiry(r, lang)), total: Number(count.n) };
}

/** One message of the inbox (it must exist). */
export async function findInquiry(
  db: Db,
  scope: Subject,
  lang: 'ja' | 'en',
  id: string,
): Promise<Inquiry> {
  assertInbox(scope);
  const row = await inquiryRows(db).where('inquiries.id', '=', id).executeTakeFirstOrThrow();
  return toInquiry(row, lang);
}

/** Records the caller's answer; the message's id and sender, or undefined for no such message. */
export async function answerInquiry(
  db: Db,
  scope: Subject,
  id: string,
  answer: string,
): Promise<{ id: string; user_id: string | null } | undefined> {
  assertInbox(scope);
  return db
    .updateTable('inquiries')
    .set({
      status: 'answered',
      answer,
      answered_at: new Date(),
      answered_by: scope.userId,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(['id', 'user_id'])
    .executeTakeFirst();
}

/** Archives a message or brings it back to the inbox; its id, or undefined for no such message. */
export async function archiveInquiry(
  db: Db,
  scope: Subject,
  id: string,
  archived: boolean,
): Promise<{ id: string } | undefined> {
  assertInbox(scope);
  return db
    .updateTable('inquiries')
    .set({ archived_at: archived ? new Date() : null, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}
