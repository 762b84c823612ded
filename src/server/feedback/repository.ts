import { noteFor, rejectionNotes } from '../moderation/rejection-notes';
import { sql, type Selectable } from 'kysely';
import type { FeedbackView } from '../../contracts/api/feedback';
import type { Lang, Output } from '../../contracts/entities';
import { isVisible } from '../sessions/repository';
import type { Db } from '../db/database';
import { json, msOf, toMs } from '../db/json';
import type { FeedbacksTable, OutputsTable } from '../db/schema';
import { AppError } from '../http/errors';
import { COUNTRIES, STATES } from '../location/data';
import type { ModerationVerdict } from '../moderation/checks';
import { mayViewOutput as statusAllows } from '../outputs/repository';
import { withinWall, type SessionWall } from '../sessions/walls';
import { isProviderRole, type Permissions, type Subject } from '../auth/permissions';
import { publicUsers, wireUser } from '../users/public-users';
import type { UserRow } from '../users/repository';
import { feedbackVisibility, mayViewOutput, type Viewer } from './visibility';

export type OutputRow = Selectable<OutputsTable>;
export type FeedbackRow = Selectable<FeedbacksTable>;

const viewerOf = (u: UserRow): Viewer => ({ id: u.id, role: u.role, schoolId: u.school_id });

/** The same viewer from the caller's scope (Permissions.subject). */
const scopeViewer = (scope: Subject): Viewer => ({
  id: scope.userId,
  role: scope.role,
  schoolId: scope.schoolId,
});

/**
 * The output if the user may open it (its session visible to them and the output rules of
 * mayViewOutput); 404 otherwise, the same for missing, another school's and hidden outputs.
 */
export async function requireVisibleOutput(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  outputId: string,
): Promise<OutputRow> {
  const row = await db
    .selectFrom('outputs')
    .innerJoin('users as author', 'author.id', 'outputs.user_id')
    .innerJoin('sessions', 'sessions.id', 'outputs.session_id')
    .selectAll('outputs')
    .select([
      'author.school_id as author_school_id',
      'author.status as author_status',
      'sessions.status as session_status',
      'sessions.is_watchable as session_is_watchable',
      'sessions.target as session_target',
    ])
    .where('outputs.id', '=', outputId)
    .executeTakeFirst();
  const subject = row ? await permissions.subject(user) : null;
  if (
    !row ||
    !subject ||
    !isVisible(subject, {
      id: row.session_id,
      status: row.session_status,
      is_watchable: row.session_is_watchable,
      target: row.session_target,
    }) ||
    !mayViewOutput(viewerOf(user), {
      userId: row.user_id,
      authorSchoolId: row.author_school_id,
      authorStatus: row.author_status,
      status: row.status,
      isHidden: row.is_hidden,
    })
  ) {
    throw new AppError('notFound', 'No such output');
  }
  const {
    author_school_id: _s,
    author_status: _a,
    session_status: _st,
    session_is_watchable: _w,
    session_target: _t,
    ...output
  } = row;
  return output;
}

/** The output on the wire: images in order and the count of published feedback. */
export async function toOutput(db: Db, viewer: UserRow, row: OutputRow): Promise<Output> {
  const [users, images, count] = await Promise.all([
    publicUsers(db, viewer, [row.user_id]),
    db
      .selectFrom('output_images')
      .select('url')
      .where('output_id', '=', row.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('feedbacks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('output_id', '=', row.id)
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow(),
  ]);
  const output: Output = {
    id: row.id,
    sessionId: row.session_id,
    workId: row.work_id,
    userId: row.user_id,
    user: wireUser(users.get(row.user_id)!),
    description: row.description,
    images: images.map((i) => i.url),
    status: row.status,
    violationStatuses: row.violation_statuses,
    outputComments: Number(count.n),
    rate: row.rate,
    createdAt: msOf(row.created_at),
    updatedAt: msOf(row.updated_at),
  };
  if (row.name !== null) output.name = row.name;
  return output;
}

/** Likes of each feedback, and which of them the user liked. */
async function likesOf(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return { counts: new Map<string, number>(), mine: new Set<string>() };
  const rows = await db
    .selectFrom('actions')
    .select(['target_id', 'user_id'])
    .where('target', '=', 'output-comment')
    .where('type', '=', 'like')
    .where('target_id', 'in', [...ids])
    .execute();
  const counts = new Map<string, number>();
  const mine = new Set<string>();
  for (const r of rows) {
    counts.set(r.target_id, (counts.get(r.target_id) ?? 0) + 1);
    if (r.user_id === userId) mine.add(r.target_id);
  }
  return { counts, mine };
}

/**
 * GET /v1/session/{id}/feedbacks: the session's feedback, newest first, by the caller or authors
 * within the caller's wall, on outputs the caller may see, as this viewer sees it.
 */
export async function sessionFeedbacks(
  db: Db,
  scope: Subject,
  wall: SessionWall,
  sessionId: string,
  limit: number,
): Promise<FeedbackView[]> {
  const rows = await db
    .selectFrom('feedbacks')
    .innerJoin('users', 'users.id', 'feedbacks.user_id')
    .selectAll('feedbacks')
    .select('users.school_id as author_school')
    .where('feedbacks.session_id', '=', sessionId)
    .orderBy('feedbacks.created_at', 'desc')
    .limit(limit)
    .execute();
  const viewer = scopeViewer(scope);
  const own = withinWall(wall, viewer, rows);
  // The feedback's output must be one the caller may see, too.
  const outputs = own.length
    ? await db
        .selectFrom('outputs')
        .select(['id', 'user_id', 'status', 'is_hidden'])
        .where(
          'id',
          'in',
          own.map((r) => r.output_id),
        )
        .execute()
    : [];
  const seen = new Set(outputs.filter((o) => statusAllows(viewer, o)).map((o) => o.id));
  return toFeedbackViews(
    db,
    scope,
    own.filter((r) => seen.has(r.output_id)),
    Date.now(),
  );
}

/** The feedback rows as this viewer sees them (rows the viewer may not see are dropped). */
export async function toFeedbackViews(
  db: Db,
  scope: Subject,
  rows: readonly FeedbackRow[],
  now: number,
): Promise<FeedbackView[]> {
  const viewer = scopeViewer(scope);
  const shown = rows.flatMap((r) => {
    const v = feedbackVisibility(
      viewer,
      { userId: r.user_id, status: r.status, hidden: r.hidden, reportedAt: toMs(r.reported_at) },
      now,
    );
    return v ? [{ r, v }] : [];
  });
  const [users, likes, notes] = await Promise.all([
    publicUsers(
      db,
      viewer,
      shown.map((s) => s.r.user_id),
    ),
    likesOf(
      db,
      viewer.id,
      shown.map((s) => s.r.id),
    ),
    rejectionNotes(
      db,
      'feedback',
      shown.filter((s) => s.r.status === 'rejected').map((s) => s.r.id),
    ),
  ]);
  return shown.flatMap(({ r, v }) => {
    const user = users.get(r.user_id);
    if (!user || user.status === 'withdrawn') return [];
    return [
      {
        id: r.id,
        outputId: r.output_id,
        userId: r.user_id,
        user: wireUser(user),
        content: r.content,
        status: r.status,
        hidden: v.hidden,
        createdAt: msOf(r.created_at),
        awaitingApproval: v.awaitingApproval,
        canReact: v.canReact,
        likes: likes.counts.get(r.id) ?? 0,
        liked: likes.mine.has(r.id),
        ...noteFor(viewer, r, notes),
      },
    ];
  });
}

/**
 * The feedback if the viewer may see it and its output: 404 otherwise. Returns the row, its
 * output and how the viewer sees it.
 */
export async function requireVisibleFeedback(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  feedbackId: string,
  now: number,
) {
  const row = await db
    .selectFrom('feedbacks')
    .selectAll()
    .where('id', '=', feedbackId)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound', 'No such feedback');
  const output = await requireVisibleOutput(db, permissions, user, row.output_id);
  const view = feedbackVisibility(
    viewerOf(user),
    {
      userId: row.user_id,
      status: row.status,
      hidden: row.hidden,
      reportedAt: toMs(row.reported_at),
    },
    now,
  );
  if (!view) throw new AppError('notFound', 'No such feedback');
  return { row, output, view };
}

/**
 * Where the author lives, in the viewer's language: the prefecture (Japan) or state, else the
 * country; null when nothing known is set.
 */
function locationName(
  u: { country: string; state: string | null; prefecture: string | null },
  lang: Lang,
): string | null {
  const region = u.country === 'JP' ? u.prefecture : u.state;
  const state = region ? STATES[u.country]?.find((s) => s.isoCode === region) : undefined;
  if (state) return state.name[lang];
  return COUNTRIES.find((c) => c.isoCode === u.country)?.name[lang] ?? null;
}

/**
 * GET /v1/output/{id}/viewer: the work (with its questions), the session and whether it is live,
 * and the author's region in `lang`. No scope: these belong to an output the caller has opened
 * (requireVisibleOutput), and the author's region is the one fact of them the viewer shows.
 */
export async function outputViewerDetails(db: Db, opened: OutputRow, lang: Lang) {
  const [work, session, author] = await Promise.all([
    db
      .selectFrom('works')
      .select(['id', 'title', 'questions'])
      .where('id', '=', opened.work_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sessions')
      .select(['id', 'title', 'status', 'start_time', 'end_time'])
      .where('id', '=', opened.session_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select(['country', 'state', 'prefecture'])
      .where('id', '=', opened.user_id)
      .executeTakeFirstOrThrow(),
  ]);
  const now = Date.now();
  return {
    location: locationName(author, lang),
    work: { id: work.id, title: work.title, questions: work.questions },
    session: { id: session.id, title: session.title },
    // Live: marked in progress, or inside its scheduled hours.
    sessionLive:
      session.status === 'IN_PROGRESS' ||
      (msOf(session.start_time) <= now && now < msOf(session.end_time)),
  };
}

/**
 * GET /v1/output/{id}/feedbacks: the feedback on an output the caller has opened, oldest first,
 * as `scope` sees it (toFeedbackViews drops what they may not see).
 */
export async function outputFeedbackViews(
  db: Db,
  scope: Subject,
  opened: OutputRow,
  now: number,
): Promise<FeedbackView[]> {
  const rows = await db
    .selectFrom('feedbacks')
    .selectAll()
    .where('output_id', '=', opened.id)
    .orderBy('created_at')
    .orderBy('id')
    .limit(500)
    .execute();
  return toFeedbackViews(db, scope, rows, now);
}

/** The text of the caller's latest feedback on the output (the same-comment rule), if any. */
export async function lastOwnFeedbackContent(
  db: Db,
  scope: Subject,
  outputId: string,
): Promise<string | undefined> {
  const previous = await db
    .selectFrom('feedbacks')
    .select('content')
    .where('output_id', '=', outputId)
    .where('user_id', '=', scope.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return previous?.content;
}

/**
 * Stores the caller's feedback on the output: pending when `held` (the screening's verdict, or
 * the group's approval mode), else published. When the screening held it, the author learns so
 * in the same transaction (core platform: outputsViolation); the approval mode alone is no
 * violation and sends no notice.
 */
export async function createFeedback(
  db: Db,
  scope: Subject,
  output: Pick<OutputRow, 'id' | 'session_id' | 'work_id'>,
  content: string,
  held: boolean,
  verdict: ModerationVerdict,
): Promise<FeedbackRow> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('feedbacks')
      .values({
        output_id: output.id,
        session_id: output.session_id,
        work_id: output.work_id,
        user_id: scope.userId,
        content,
        status: held ? 'pending' : 'published',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (verdict.held) {
      await trx
        .insertInto('notifications')
        .values({
          user_id: scope.userId,
          type: 'outputsViolation',
          items: json({ feedback: { outputId: output.id } }),
          payload: json({ id: inserted.id, kinds: verdict.findings.map((f) => f.kind) }),
        })
        .execute();
    }
    return inserted;
  });
}

/**
 * POST /v1/feedbacks/publish: releases the pending feedback among `ids`, each release recorded as
 * a moderation decision by the caller (like the queue's publish button). A teacher releases their
 * own school's feedback only: any id outside the scope (or unknown) is 404 for the whole call.
 * The caller has checked the staff role.
 */
export async function releaseFeedbacks(
  db: Db,
  scope: Subject,
  ids: readonly string[],
): Promise<FeedbackRow[]> {
  const rows = await db
    .selectFrom('feedbacks')
    .innerJoin('users as author', 'author.id', 'feedbacks.user_id')
    .select(['feedbacks.id', 'author.school_id'])
    .where('feedbacks.id', 'in', [...ids])
    .execute();
  // Another school's feedback does not exist for a teacher.
  const mine = rows.filter(
    (r) => isProviderRole(scope.role) || (r.school_id !== null && r.school_id === scope.schoolId),
  );
  if (mine.length !== new Set(ids).size) {
    throw new AppError('notFound', 'No such feedback');
  }
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const released = await trx
      .updateTable('feedbacks')
      .set({ status: 'published', updated_at: now })
      .where('id', 'in', [...ids])
      .where('status', '=', 'pending')
      .returningAll()
      .execute();
    if (released.length > 0) {
      await trx
        .insertInto('moderation_decisions')
        .values(
          released.map((f) => ({
            target_type: 'feedback' as const,
            target_id: f.id,
            decision: 'publish' as const,
            previous_status: 'pending',
            note: null,
            decided_by: scope.userId,
            decided_at: now,
          })),
        )
        .execute();
    }
    return released;
  });
}

/** The caller's like on a feedback they may react to: set (once) or taken back. */
export async function setFeedbackLike(
  db: Db,
  scope: Subject,
  feedback: Pick<FeedbackRow, 'id' | 'output_id' | 'session_id'>,
  liked: boolean,
): Promise<void> {
  if (liked) {
    await db
      .insertInto('actions')
      .values({
        type: 'like',
        target: 'output-comment',
        target_id: feedback.id,
        output_id: feedback.output_id,
        session_id: feedback.session_id,
        user_id: scope.userId,
      })
      .onConflict((oc) => oc.columns(['user_id', 'target', 'target_id', 'type']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('actions')
      .where('user_id', '=', scope.userId)
      .where('target', '=', 'output-comment')
      .where('target_id', '=', feedback.id)
      .where('type', '=', 'like')
      .execute();
  }
}
