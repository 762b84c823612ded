import { sql } from 'kysely';
import { keepConcern } from '../safeguarding/concerns';
import { isStaffRole, type Comment } from '../../contracts/entities';
import { PROTOCOL_VERSION } from '../../contracts/realtime';
import { isBlocked, isProviderRole, type Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import { AppError } from '../http/errors';
import { moderateText } from '../moderation/checks';
import { closeCommentReports } from '../moderation/comment-reports';
import type { RoomBus } from '../realtime/bus';
import { maySeeSchoolOf, publicUsers, wireUser } from '../users/public-users';
import { findStream, mayAccessStream, schoolsOfGroups, viewerOf } from '../streams/repository';
import { BROADCAST_VIEWER, type UserRow } from '../users/repository';
import { findSessionRow, isVisible } from './repository';

/** The most comments one list returns (pinned ones first, then the newest). */
const COMMENT_LIST_MAX = 200;

const SESSION_COMMENT_TYPES = ['SESSION', 'LIVE-JA', 'LIVE-EN'] as const;
type SessionCommentType = (typeof SESSION_COMMENT_TYPES)[number];

const selectComments = (db: Db) =>
  db
    .selectFrom('comments')
    .select([
      'comments.id',
      'comments.type',
      'comments.session_id',
      'comments.stream_id',
      'comments.parent_id',
      'comments.user_id',
      'comments.content',
      'comments.is_pinned',
      'comments.created_at',
      'comments.updated_at',
    ])
    .where('comments.is_deleted', '=', false)
    .where('comments.type', 'in', [...SESSION_COMMENT_TYPES]);

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];
type Author = Awaited<ReturnType<typeof publicUsers>> extends Map<string, infer U> ? U : never;

/** The wire comment; the author goes through the shared public-user mapper (login-name rule). */
const toComment = (r: CommentRow, author: Author): Comment => ({
  id: r.id,
  type: r.type as SessionCommentType,
  sessionId: r.session_id,
  parentId: r.parent_id,
  streamId: r.stream_id,
  userId: r.user_id,
  user: wireUser(author),
  content: r.content,
  isPinned: r.is_pinned,
  createdAt: msOf(r.created_at),
  updatedAt: msOf(r.updated_at),
});

/**
 * Whether the viewer may see this comment at all. A room's comment belongs to the room: only
 * those who may open the room (its groups, their schools' staff, the host, provider staff). A
 * session-wide comment (no room) is shown within the viewer's school scope, like outputs
 * (maySeeSchoolOf): another school on a shared session never sees it.
 */
async function maySeeComment(
  db: Db,
  permissions: Permissions,
  viewer: UserRow,
  row: { session_id: string | null; stream_id: string | null; user_id: string },
  author: Author | undefined,
): Promise<boolean> {
  if (!row.session_id || !author) return false;
  const session = await findSessionRow(db, row.session_id);
  if (!session || !isVisible(await permissions.subject(viewer), session)) return false;
  if (row.stream_id) return (await roomAccess(db, viewer, row.stream_id)).mayOpen;
  return maySeeSchoolOf(viewer, author);
}

/** The room (if it exists and is not deleted) and whether the viewer may open it. */
async function roomAccess(db: Db, viewer: UserRow, streamId: string) {
  const room = await findStream(db, streamId);
  if (!room || room.is_deleted) return { room: undefined, mayOpen: false };
  const [v, schools] = await Promise.all([
    viewerOf(db, viewer),
    schoolsOfGroups(db, room.group_ids),
  ]);
  return {
    room,
    mayOpen: mayAccessStream(
      v,
      { hostUserId: room.host_user_id, groupIds: room.group_ids },
      schools,
    ),
  };
}

/** Answer for a hidden comment: the same as for one that does not exist. */
const noSuchComment = () => new AppError('notFound', 'No such comment');
/** Answer for a reply under a parent the caller may not see: the same as a missing parent. */
const noSuchParent = () => new AppError('badRequest', 'parentId is not a comment of this session');

/**
 * Session and live comments: listed pinned first then newest; screened before they are stored;
 * a live one reaches its room; deleted by its author, the room's host or staff roles.
 */
export class CommentService {
  constructor(
    private readonly db: Db,
    private readonly bus: RoomBus,
    private readonly permissions: Permissions,
  ) {}

  /**
   * With `streamId` (the caller may open that room, checked by the route): the room's comments.
   * Without: only session-wide comments (no room), by authors of the viewer's school scope.
   */
  async list(
    viewer: UserRow,
    sessionId: string,
    q: {
      type?: string | undefined;
      streamId?: string | undefined;
      isPinned?: boolean | undefined;
      userId?: string | undefined;
    },
  ): Promise<Comment[]> {
    let query = selectComments(this.db).where('comments.session_id', '=', sessionId);
    if (q.type) query = query.where('comments.type', '=', q.type as SessionCommentType);
    query = q.streamId
      ? query.where('comments.stream_id', '=', q.streamId)
      : query.where('comments.stream_id', 'is', null);
    if (q.isPinned !== undefined) query = query.where('comments.is_pinned', '=', q.isPinned);
    if (q.userId) query = query.where('comments.user_id', '=', q.userId);
    if (!q.streamId && !isProviderRole(viewer.role)) {
      // School scope in SQL too, so the limit counts only what the viewer may see.
      if (viewer.school_id === null) query = query.where('comments.user_id', '=', viewer.id);
      else {
        const school = viewer.school_id;
        query = query.where((eb) =>
          eb.or([
            eb('comments.user_id', '=', viewer.id),
            eb(
              'comments.user_id',
              'in',
              eb.selectFrom('users').select('users.id').where('users.school_id', '=', school),
            ),
          ]),
        );
      }
    }
    const rows = await query
      .orderBy('comments.is_pinned', 'desc')
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(COMMENT_LIST_MAX)
      .execute();
    const authors = await publicUsers(
      this.db,
      viewer,
      rows.map((r) => r.user_id),
    );
    const out: Comment[] = [];
    for (const r of rows) {
      const author = authors.get(r.user_id);
      if (!author) continue;
      if (!q.streamId && !maySeeSchoolOf(viewer, author)) continue;
      out.push(toComment(r, author));
    }
    return out;
  }

  async post(
    viewer: UserRow,
    sessionId: string,
    body: {
      type: SessionCommentType;
      content: string;
      parentId?: string | undefined;
      streamId?: string | undefined;
    },
    room?: { host_user_id: string; comments_paused: boolean },
  ): Promise<Comment> {
    if (room?.comments_paused && room.host_user_id !== viewer.id) {
      throw new AppError('commentsPaused', 'The host has paused comments in this room');
    }
    // A comment that speaks of self-harm is kept for an adult, not refused and lost (issue 26).
    await keepConcern(this.db, viewer.id, 'comment', [body.content]);
    // Screening before anything is shown: comments are live, so a finding is a refusal.
    if (moderateText(body.content).held) {
      throw new AppError(
        'commentRefused',
        'This comment cannot be posted: it looks like it shares contact details or hurts someone',
      );
    }
    if (body.parentId) {
      const parent = await selectComments(this.db)
        .where('comments.id', '=', body.parentId)
        .where('comments.session_id', '=', sessionId)
        .executeTakeFirst();
      if (!parent) throw noSuchParent();
      const author = (await publicUsers(this.db, viewer, [parent.user_id])).get(parent.user_id);
      if (!(await maySeeComment(this.db, this.permissions, viewer, parent, author))) {
        throw noSuchParent();
      }
      // A reply stays where its parent is: under a room's comment only inside that room.
      if (parent.stream_id !== (body.streamId ?? null)) throw noSuchParent();
    }
    const inserted = await this.db
      .insertInto('comments')
      .values({
        type: body.type,
        session_id: sessionId,
        stream_id: body.streamId ?? null,
        parent_id: body.parentId ?? null,
        user_id: viewer.id,
        // Stored as written but without surrounding blank lines and spaces.
        content: body.content.trim(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await selectComments(this.db)
      .where('comments.id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    // The same payload goes to every socket of the room: the public form, without login name.
    const author = (await publicUsers(this.db, BROADCAST_VIEWER, [viewer.id])).get(viewer.id);
    if (!author) throw new AppError('internal', 'Author not found');
    const comment = toComment(row, author);
    await this.announce(row, comment);
    return comment;
  }

  /**
   * Deletes a comment: its author, the host of its room (room comments only) and staff roles
   * who may see it. Someone who cannot see it gets 404 (as for a missing one); someone who can
   * but is none of those gets 403. A room's sockets get `commentRemove`.
   */
  async remove(viewer: UserRow, id: string): Promise<void> {
    const row = await selectComments(this.db).where('comments.id', '=', id).executeTakeFirst();
    if (!row) throw noSuchComment();
    const author = (await publicUsers(this.db, viewer, [row.user_id])).get(row.user_id);
    if (!(await maySeeComment(this.db, this.permissions, viewer, row, author))) {
      throw noSuchComment();
    }
    let allowed = row.user_id === viewer.id || isStaffRole(viewer.role);
    if (!allowed && row.stream_id) {
      const room = await findStream(this.db, row.stream_id);
      allowed = room?.host_user_id === viewer.id;
    }
    if (!allowed) throw new AppError('forbidden', 'Only its author, the room host or staff');
    await this.db
      .updateTable('comments')
      .set({ is_deleted: true, deleted_by: viewer.id, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await closeCommentReports(this.db, id);
    await this.announceRemoval(row);
  }

  /**
   * Tells the open pages a comment is gone (deleted, or taken down by staff: issue 26): a room's
   * sockets get `commentRemove`, a session page's followers a hint to re-read.
   */
  async announceRemoval(
    row: Pick<CommentRow, 'id' | 'stream_id' | 'session_id' | 'user_id'>,
  ): Promise<void> {
    const id = row.id;
    if (row.stream_id) {
      await this.bus.publishRoom({
        type: 'broadcast',
        streamId: row.stream_id,
        message: { v: PROTOCOL_VERSION, type: 'commentRemove', streamId: row.stream_id, id },
      });
    } else await this.announceToSession(row);
  }

  /**
   * Staff roles (teacher, staff, admin) who may see the comment pin or unpin it (issue 14): a
   * pinned comment is listed first for everyone. Someone who cannot see it gets 404, anyone
   * else 403. The room's sockets get the updated comment, a session page's followers a hint.
   */
  async setPinned(viewer: UserRow, id: string, pinned: boolean): Promise<Comment> {
    const row = await selectComments(this.db).where('comments.id', '=', id).executeTakeFirst();
    if (!row) throw noSuchComment();
    const author = (await publicUsers(this.db, viewer, [row.user_id])).get(row.user_id);
    if (!(await maySeeComment(this.db, this.permissions, viewer, row, author))) {
      throw noSuchComment();
    }
    if (!isStaffRole(viewer.role) || isBlocked(await this.permissions.subject(viewer))) {
      throw new AppError('forbidden', 'Only staff roles pin comments');
    }
    await this.db
      .updateTable('comments')
      .set({ is_pinned: pinned, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    const updated = await selectComments(this.db)
      .where('comments.id', '=', id)
      .executeTakeFirstOrThrow();
    const publicAuthor = (await publicUsers(this.db, BROADCAST_VIEWER, [row.user_id])).get(
      row.user_id,
    );
    if (!publicAuthor) throw new AppError('internal', 'Author not found');
    await this.announce(updated, toComment(updated, publicAuthor));
    // The caller's own form of the author (a teacher sees the login name).
    return toComment(updated, author!);
  }

  /** A room's comment goes to the room's sockets; a session-wide one to the session's pages. */
  private async announce(row: CommentRow, comment: Comment): Promise<void> {
    if (row.stream_id) {
      await this.bus.publishRoom({
        type: 'broadcast',
        streamId: row.stream_id,
        message: { v: PROTOCOL_VERSION, type: 'comment', streamId: row.stream_id, comment },
      });
    } else await this.announceToSession(row);
  }

  /**
   * Tells the session's open pages; walled by the author's school, like the list the pages
   * re-read (a shared session's other schools never hear of it).
   */
  private async announceToSession(
    row: Pick<CommentRow, 'id' | 'session_id' | 'user_id'>,
  ): Promise<void> {
    if (!row.session_id) return;
    const author = await this.db
      .selectFrom('users')
      .select(['id', 'school_id'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (!author) return;
    try {
      await this.bus.publishSession({
        change: { sessionId: row.session_id, kind: 'comment', targetId: row.id },
        actorId: author.id,
        schoolId: author.school_id,
      });
    } catch {
      // A hint, never the record: the pages re-read when their socket reopens.
    }
  }

  /** The comment if the viewer may see it (for reports); 404 otherwise. */
  async requireVisible(viewer: UserRow, id: string) {
    const row = await selectComments(this.db).where('comments.id', '=', id).executeTakeFirst();
    if (!row) throw noSuchComment();
    const author = (await publicUsers(this.db, viewer, [row.user_id])).get(row.user_id);
    if (!(await maySeeComment(this.db, this.permissions, viewer, row, author))) {
      throw noSuchComment();
    }
    return row;
  }

  /** The room's host pauses or resumes its live comments; every open page is told. */
  async setPaused(viewer: UserRow, streamId: string, paused: boolean): Promise<boolean> {
    const { room, mayOpen } = await roomAccess(this.db, viewer, streamId);
    if (!room || !mayOpen) throw new AppError('notFound', 'No such room');
    if (room.host_user_id !== viewer.id) throw new AppError('forbidden', 'Only the room host');
    await this.db
      .updateTable('streams')
      .set({ comments_paused: paused })
      .where('id', '=', streamId)
      .execute();
    await this.bus.publishRoom({
      type: 'broadcast',
      streamId,
      message: { v: PROTOCOL_VERSION, type: 'commentsPaused', streamId, paused },
    });
    return paused;
  }

  /**
   * One page of a session's session-wide comments, newest first (GET /v0/session/{id}/comments/page):
   * the same school scope as `list`, a cursor of the last item's time and id.
   */
  async page(
    viewer: UserRow,
    sessionId: string,
    q: { type?: SessionCommentType | undefined; pageSize: number; after: string | null },
  ): Promise<{ items: Comment[]; lastKey: string | null }> {
    let query = selectComments(this.db)
      .where('comments.session_id', '=', sessionId)
      .where('comments.stream_id', 'is', null);
    if (q.type) query = query.where('comments.type', '=', q.type);
    if (!isProviderRole(viewer.role)) {
      const school = viewer.school_id;
      query = query.where((eb) =>
        school === null
          ? eb('comments.user_id', '=', viewer.id)
          : eb.or([
              eb('comments.user_id', '=', viewer.id),
              eb(
                'comments.user_id',
                'in',
                eb.selectFrom('users').select('users.id').where('users.school_id', '=', school),
              ),
            ]),
      );
    }
    if (q.after !== null) {
      // After the cursor's row in (time, id) order, exact to the microsecond.
      const after = q.after;
      query = query.where(
        sql<boolean>`(comments.created_at, comments.id) < (select c.created_at, c.id from comments c where c.id = ${after})`,
      );
    }
    const rows = await query
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc')
      .limit(q.pageSize + 1)
      .execute();
    const more = rows.length > q.pageSize;
    const pageRows = rows.slice(0, q.pageSize);
    const authors = await publicUsers(
      this.db,
      viewer,
      pageRows.map((r) => r.user_id),
    );
    const items: Comment[] = [];
    for (const r of pageRows) {
      const author = authors.get(r.user_id);
      if (!author || !maySeeSchoolOf(viewer, author)) continue;
      items.push(toComment(r, author));
    }
    const last = pageRows.at(-1);
    return {
      items,
      lastKey: more && last ? last.id : null,
    };
  }
}
