import { sql } from 'kysely';
import {
  ModerationReason,
  type ModerationDecision,
  type ModerationDecisionValue,
  type ModerationItem,
} from '../../contracts/api/moderation';
import type { Lang } from '../../contracts/entities';
import type { Subject } from '../auth/permissions';
import { sessionTitleSql } from '../content/localize';
import type { Db } from '../db/database';
import { json } from '../db/json';
import { AppError } from '../http/errors';
import type { PictureHoldReason } from '../db/schema';
import { groupRuleOn } from '../feedback/approval';
import { moderatedSchools } from './scope';

/**
 * The staff moderation queue's reads and decisions (outputs, feedback and reflections the
 * screening held). Teachers moderate their own school's pupils; admin and staff every school.
 * The caller has checked the staff role and that the account is not blocked.
 */

/** The three kinds of held post a decision applies to, and their tables. */
const TARGET_TYPES = ['output', 'reflection', 'feedback'] as const;
type TargetType = (typeof TARGET_TYPES)[number];
const TARGET_TABLES = {
  output: 'outputs',
  reflection: 'reflections',
  feedback: 'feedbacks',
} as const;

/** What a decision's excerpt quotes of each kind of post (a reflection: its notes in order). */
const TARGET_TEXT = {
  comment: 't.content',
  output: 't.description',
  feedback: 't.content',
  reflection: "concat_ws(' ', t.idea_note, t.think_note, t.action_note)",
} as const;

/**
 * A held post with its author's school and its session, locked for the decision. A feedback's
 * output is its own `output_id`; an output's (and a reflection's, for the notification) is itself.
 */
function lockPendingTarget(trx: Db, targetType: TargetType, id: string) {
  const table = TARGET_TABLES[targetType];
  return (
    trx
      // The three tables share the columns read here; typed as one of them for Kysely.
      .selectFrom(`${table} as t` as 'outputs as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select([
        't.id',
        't.status',
        't.user_id',
        'u.school_id',
        's.id as session_id',
        's.title',
        's.image',
      ])
      .select(sql.ref<string>(targetType === 'feedback' ? 't.output_id' : 't.id').as('output_id'))
      .where('t.id', '=', id)
      .forUpdate('t')
      .executeTakeFirst()
  );
}

/** A stored reason key as the contract names it (null for none or an unknown key). */
const toReason = (key: string | null): ModerationReason | null => {
  const parsed = ModerationReason.safeParse(key);
  return parsed.success ? parsed.data : null;
};

/** How many recent decisions the queue page lists under the pending items. */
const RECENT_DECISIONS = 30;

/**
 * Decides one held post: publishes or rejects it, records the decision by the caller, and on a
 * reject tells the author (the violation notice they already know). A decision is taken once:
 * an item no longer pending is 409, so two teachers clicking at once cannot overwrite each other.
 * Another school's item answers 404 like a missing one, so ids cannot be probed. Publishing
 * changes the status only (violation statuses stay as the checker set them, for the record).
 */
export async function decideHeldPost(
  db: Db,
  scope: Subject,
  targetType: TargetType,
  id: string,
  decision: ModerationDecisionValue,
  note: string | null,
  reason: ModerationReason | null = null,
) {
  const status: 'published' | 'rejected' = decision === 'publish' ? 'published' : 'rejected';
  const schools = moderatedSchools(scope);
  const now = new Date();
  const recorded = await db.transaction().execute(async (trx) => {
    const target = await lockPendingTarget(trx, targetType, id);
    // Another school's item answers like a missing one, so ids cannot be probed.
    if (!target || (schools && (target.school_id === null || !schools.includes(target.school_id))))
      throw new AppError('notFound', `No such ${targetType}`);
    if (target.status !== 'pending')
      throw new AppError('conflict', `This ${targetType} is ${target.status}, not pending`);

    if (targetType === 'output') {
      await trx
        .updateTable('outputs')
        .set({
          status,
          updated_at: now,
          ...(status === 'published'
            ? { published_at: sql<Date>`coalesce(published_at, ${now})` }
            : {}),
        })
        .where('id', '=', target.id)
        .execute();
    } else if (targetType === 'reflection') {
      await trx
        .updateTable('reflections')
        .set({ status, updated_at: now })
        .where('id', '=', target.id)
        .execute();
    } else {
      await trx
        .updateTable('feedbacks')
        .set({ status, updated_at: now })
        .where('id', '=', target.id)
        .execute();
    }
    const row = await trx
      .insertInto('moderation_decisions')
      .values({
        target_type: targetType,
        target_id: target.id,
        decision,
        previous_status: target.status,
        note,
        // A reason explains a reject; a publish needs none.
        reason_key: decision === 'reject' ? reason : null,
        decided_by: scope.userId,
        decided_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (decision === 'reject') {
      // The author learns their post stays hidden (the violation notice they already know).
      await trx
        .insertInto('notifications')
        .values({
          user_id: target.user_id,
          type: 'outputsViolation',
          action: 'outputsViolation',
          actor_user_id: null,
          items: json(
            targetType === 'feedback'
              ? { feedback: { outputId: target.output_id } }
              : {
                  session: { id: target.session_id, title: target.title, image: target.image },
                },
          ),
          payload: json({ id: target.id }),
        })
        .execute();
    }
    return row;
  });
  return {
    status,
    decision: {
      id: recorded.id,
      targetType: recorded.target_type,
      targetId: recorded.target_id,
      decision: recorded.decision,
      previousStatus: recorded.previous_status,
      note: recorded.note,
      reason: toReason(recorded.reason_key),
      decidedAt: new Date(recorded.decided_at).getTime(),
    },
  };
}

/** The held posts the scope moderates, oldest first, in `lang` (session titles). */
export async function pendingItems(db: Db, scope: Subject, lang: Lang): Promise<ModerationItem[]> {
  const schools = moderatedSchools(scope);
  if (schools?.length === 0) return [];
  let outputs = db
    .selectFrom('outputs as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      sessionTitleSql(lang).as('title'),
      't.id as output_id',
      't.user_id',
      'u.display_name',
      't.description as content',
      't.violation_statuses',
      't.created_at',
    ])
    .where('t.status', '=', 'pending')
    // An output whose pictures are still being read is not the teachers' yet (issue 26).
    .where('t.awaiting_pictures', '=', false);
  let feedbacks = db
    .selectFrom('feedbacks as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      sessionTitleSql(lang).as('title'),
      't.output_id',
      't.user_id',
      'u.display_name',
      't.content',
      't.created_at',
    ])
    .where('t.status', '=', 'pending');
  let reflections = db
    .selectFrom('reflections as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .select([
      't.id',
      't.session_id',
      sessionTitleSql(lang).as('title'),
      't.user_id',
      'u.display_name',
      't.idea_note',
      't.think_note',
      't.action_note',
      't.created_at',
    ])
    .where('t.status', '=', 'pending');
  if (schools) {
    outputs = outputs.where('u.school_id', 'in', schools);
    feedbacks = feedbacks.where('u.school_id', 'in', schools);
    reflections = reflections.where('u.school_id', 'in', schools);
  }
  const [o, f, r] = await Promise.all([
    outputs.execute(),
    feedbacks.execute(),
    reflections.execute(),
  ]);
  const pictures = await outputPictures(db, o);
  const items: ModerationItem[] = [
    ...o.map((r) => ({
      pictures: pictures.get(r.id) ?? [],
      type: 'output' as const,
      id: r.id,
      sessionId: r.session_id,
      sessionTitle: r.title,
      outputId: r.output_id,
      author: { id: r.user_id, displayName: r.display_name },
      content: r.content,
      violationStatuses: r.violation_statuses,
      createdAt: new Date(r.created_at).getTime(),
    })),
    ...f.map((r) => ({
      type: 'feedback' as const,
      id: r.id,
      sessionId: r.session_id,
      sessionTitle: r.title,
      outputId: r.output_id,
      author: { id: r.user_id, displayName: r.display_name },
      content: r.content,
      violationStatuses: [],
      pictures: [],
      createdAt: new Date(r.created_at).getTime(),
    })),
    ...r.map((row) => ({
      type: 'reflection' as const,
      id: row.id,
      sessionId: row.session_id,
      sessionTitle: row.title,
      outputId: row.id,
      author: { id: row.user_id, displayName: row.display_name },
      content: [row.idea_note, row.think_note, row.action_note]
        .filter((n) => n !== '')
        .join('\n\n'),
      violationStatuses: ['text'],
      pictures: [],
      createdAt: new Date(row.created_at).getTime(),
    })),
  ];
  return items.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** What a held picture's reasons are called in the queue (ModerationItem.pictures). */
function reasonNames(reasons: readonly PictureHoldReason[]): string[] {
  const names = reasons.flatMap((r) =>
    r.kind === 'text' ? r.findings.map((f) => f.kind) : r.kind === 'model' ? [r.label] : [r.kind],
  );
  return [...new Set(names)];
}

/**
 * The uploaded pictures of pending outputs with their screening: held ones with their reasons,
 * clear ones of an author whose group approves every picture first as held for `approval`.
 */
async function outputPictures(
  db: Db,
  outputs: ReadonlyArray<{ id: string; user_id: string }>,
): Promise<Map<string, ModerationItem['pictures']>> {
  const out = new Map<string, ModerationItem['pictures']>();
  if (outputs.length === 0) return out;
  const rows = await db
    .selectFrom('output_images as i')
    .innerJoin('picture_screenings as p', 'p.url', 'i.url')
    .select(['i.output_id', 'i.url', 'p.state', 'p.verdict', 'p.reasons', 'p.ocr_text'])
    .where(
      'i.output_id',
      'in',
      outputs.map((o) => o.id),
    )
    .orderBy('i.position')
    .execute();
  const authorOf = new Map(outputs.map((o) => [o.id, o.user_id]));
  const approving = new Map<string, boolean>();
  for (const row of rows) {
    const authorId = authorOf.get(row.output_id)!;
    let state: 'screening' | 'clear' | 'held' =
      row.state === 'queued' ? 'screening' : row.verdict === 'held' ? 'held' : 'clear';
    let reasons = reasonNames(row.reasons);
    if (state === 'clear') {
      if (!approving.has(authorId)) {
        const author = await db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', authorId)
          .executeTakeFirst();
        approving.set(authorId, !!author && (await groupRuleOn(db, author, 'picture_approval')));
      }
      if (approving.get(authorId)) [state, reasons] = ['held', ['approval']];
    }
    const list = out.get(row.output_id) ?? [];
    list.push({ url: row.url, state, reasons, text: row.ocr_text ?? '' });
    out.set(row.output_id, list);
  }
  return out;
}

/** The opening words of a decided post, for the history (staff of its school only see it). */
const EXCERPT_CHARS = 40;
const excerptOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat;
};

export async function recentDecisions(db: Db, scope: Subject): Promise<ModerationDecision[]> {
  const schools = moderatedSchools(scope);
  if (schools?.length === 0) return [];
  // Scoped by the target author's school: a decision is as private as the item it was about.
  const latest = (type: TargetType | 'comment') => {
    const table = type === 'comment' ? 'comments' : TARGET_TABLES[type];
    let q = db
      .selectFrom('moderation_decisions as d')
      .innerJoin('users as by', 'by.id', 'd.decided_by')
      // The four tables share user_id; typed as one of them for Kysely.
      .innerJoin(`${table} as t` as 'outputs as t', 't.id', 'd.target_id')
      .innerJoin('users as author', 'author.id', 't.user_id')
      .selectAll('d')
      .select(['by.display_name', 'author.id as author_id', 'author.display_name as author_name'])
      .select(sql<string>`${sql.raw(TARGET_TEXT[type])}`.as('text'))
      .where('d.target_type', '=', type);
    if (schools) q = q.where('author.school_id', 'in', schools);
    return q.orderBy('d.decided_at', 'desc').limit(RECENT_DECISIONS).execute();
  };
  const rows = (await Promise.all([...TARGET_TYPES, 'comment' as const].map(latest))).flat();
  return rows
    .sort((a, b) => new Date(b.decided_at).getTime() - new Date(a.decided_at).getTime())
    .slice(0, RECENT_DECISIONS)
    .map((r) => ({
      id: r.id,
      targetType: r.target_type,
      targetId: r.target_id,
      decision: r.decision,
      previousStatus: r.previous_status,
      note: r.note,
      reason: toReason(r.reason_key),
      decidedBy: { id: r.decided_by, displayName: r.display_name },
      decidedAt: new Date(r.decided_at).getTime(),
      author: { id: r.author_id, displayName: r.author_name },
      excerpt: excerptOf(r.text),
    }));
}
