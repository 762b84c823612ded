import type { Comment } from '../../contracts/entities';
import { PROTOCOL_VERSION } from '../../contracts/realtime';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';
import type { RoomBus } from '../realtime/bus';

/** The most comments one list returns (pinned ones first, then the newest). */
export const COMMENT_LIST_MAX = 200;

const SESSION_COMMENT_TYPES = ['SESSION', 'LIVE-JA', 'LIVE-EN'] as const;
type SessionCommentType = (typeof SESSION_COMMENT_TYPES)[number];

const selectComments = (db: Db) =>
  db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .leftJoin('schools', 'schools.id', 'users.school_id')
    .select([
      'comments.id',
      'comments.type',
      'comments.session_id',
      'comments.parent_id',
      'comments.user_id',
      'comments.content',
      'comments.is_pinned',
      'comments.created_at',
      'comments.updated_at',
      'users.account',
      'users.display_name',
      'users.image',
      'users.role',
      'schools.id as school_id',
      'schools.name as school_name',
    ])
    .where('comments.is_deleted', '=', false);

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  type: r.type,
  sessionId: r.session_id,
  parentId: r.parent_id,
  userId: r.user_id,
  user: {
    _id: r.user_id,
    id: r.account,
    displayName: r.display_name,
    image: r.image,
    role: r.role,
    school: r.school_id && r.school_name ? { id: r.school_id, name: r.school_name } : null,
  },
  content: r.content,
  isPinned: r.is_pinned,
  createdAt: msOf(r.created_at),
  updatedAt: msOf(r.updated_at),
});

/** Session and live comments: listed pinned first then newest; a live one reaches its room. */
export class CommentService {
  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
  ) {}

  async list(
    sessionId: string,
    q: {
      type?: string | undefined;
      streamId?: string | undefined;
      isPinned?: boolean | undefined;
      userId?: string | undefined;
    },
  ): Promise<Comment[]> {
    let query = selectComments(this.db).where('comments.session_id', '=', sessionId);
    // Without a type: the session's own comment kinds (not outputs' or private memos).
    query = q.type
      ? query.where('comments.type', '=', q.type as SessionCommentType)
      : query.where('comments.type', 'in', [...SESSION_COMMENT_TYPES]);
    if (q.streamId) query = query.where('comments.stream_id', '=', q.streamId);
    if (q.isPinned !== undefined) query = query.where('comments.is_pinned', '=', q.isPinned);
    if (q.userId) query = query.where('comments.user_id', '=', q.userId);
    const rows = await query
      .orderBy('comments.is_pinned', 'desc')
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(COMMENT_LIST_MAX)
      .execute();
    return rows.map(toComment);
  }

  async post(
    sessionId: string,
    userId: string,
    body: {
      type: SessionCommentType;
      content: string;
      parentId?: string | undefined;
      streamId?: string | undefined;
    },
  ): Promise<Comment> {
    if (body.parentId) {
      const parent = await this.db
        .selectFrom('comments')
        .select('id')
        .where('id', '=', body.parentId)
        .where('session_id', '=', sessionId)
        .where('is_deleted', '=', false)
        .executeTakeFirst();
      if (!parent) throw new AppError('badRequest', 'parentId is not a comment of this session');
    }
    const inserted = await this.db
      .insertInto('comments')
      .values({
        type: body.type,
        session_id: sessionId,
        stream_id: body.streamId ?? null,
        parent_id: body.parentId ?? null,
        user_id: userId,
        // Stored as written but without surrounding blank lines and spaces.
        content: body.content.trim(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await selectComments(this.db)
      .where('comments.id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    const comment = toComment(row);
    if (body.streamId) {
      await this.bus.publishRoom({
        kind: 'broadcast',
        streamId: body.streamId,
        message: { v: PROTOCOL_VERSION, type: 'comment', streamId: body.streamId, comment },
      });
    }
    return comment;
  }
}
