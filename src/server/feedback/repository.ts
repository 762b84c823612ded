import { noteFor, rejectionNotes } from '../moderation/rejection-notes';
import { sql, type Selectable } from 'kysely';
import type { FeedbackView } from '../../contracts/api/feedback';
import type { Output } from '../../contracts/entities';
import { isVisible } from '../sessions/repository';
import type { Db } from '../db/database';
import { msOf, toMs } from '../db/json';
import type { FeedbacksTable, OutputsTable } from '../db/schema';
import { AppError } from '../http/errors';
import { mayViewOutput as statusAllows } from '../outputs/repository';
import { withinWall, type SessionWall } from '../sessions/walls';
import type { Permissions } from '../auth/permissions';
import { publicUsers, wireUser } from '../users/public-users';
import type { UserRow } from '../users/repository';
import { feedbackVisibility, mayViewOutput, type Viewer } from './visibility';

export type OutputRow = Selectable<OutputsTable>;
export type FeedbackRow = Selectable<FeedbacksTable>;

export const viewerOf = (u: UserRow): Viewer => ({ id: u.id, role: u.role, schoolId: u.school_id });

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
  viewer: UserRow,
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
    viewer,
    own.filter((r) => seen.has(r.output_id)),
    Date.now(),
  );
}

/** The feedback rows as this viewer sees them (rows the viewer may not see are dropped). */
export async function toFeedbackViews(
  db: Db,
  viewer: UserRow,
  rows: readonly FeedbackRow[],
  now: number,
): Promise<FeedbackView[]> {
  const shown = rows.flatMap((r) => {
    const v = feedbackVisibility(
      viewerOf(viewer),
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
