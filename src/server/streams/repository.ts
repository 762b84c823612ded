import { sql, type Selectable } from 'kysely';
import { isStaffRole, type Role, type Stream } from '../../contracts/entities';
import { RoomEvent } from '../../contracts/stream';
import { isProviderRole } from '../auth/permissions';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import type { StreamEventsTable, StreamsTable } from '../db/schema';
import {
  displayNameFor,
  groupsOfSchools,
  groupsOfUser,
  withAncestorIds,
  withDescendants,
  type GroupRow,
  type LoginNameViewer,
} from '../users/repository';

export type StreamRow = Selectable<StreamsTable>;
type StreamEventRow = Selectable<StreamEventsTable>;

/** A stream row with its host's display name (the rooms list shows it). */
export type StreamRowWithHost = StreamRow & { host_display_name: string | null };

/** The room as `viewer` sees it (the host's name follows the forbidden-name rule). */
export function toStream(row: StreamRowWithHost, viewer: LoginNameViewer): Stream {
  const stream: Stream = {
    id: row.id,
    sessionId: row.session_id,
    name: row.name,
    lang: row.lang,
    hostUserId: row.host_user_id,
    groupIds: row.group_ids,
    isDeleted: row.is_deleted,
    createdAt: msOf(row.created_at),
    updatedAt: msOf(row.updated_at),
    settings: row.settings,
    commentsPaused: row.comments_paused,
  };
  return row.host_display_name === null
    ? stream
    : {
        ...stream,
        hostDisplayName: displayNameFor(viewer, {
          id: row.host_user_id,
          display_name: row.host_display_name,
        }),
      };
}

const withHost = (db: Db) =>
  db
    .selectFrom('streams')
    .leftJoin('users', 'users.id', 'streams.host_user_id')
    .selectAll('streams')
    .select('users.display_name as host_display_name');

export async function findStream(db: Db, id: string): Promise<StreamRowWithHost | undefined> {
  return withHost(db).where('streams.id', '=', id).executeTakeFirst();
}

export interface StreamFilter {
  /** Streams with at least one of these groups, or hosted by `hostUserId`. */
  groupIds: readonly string[];
  hostUserId: string;
  sessionId?: string | undefined;
  isDeleted: boolean;
  /** settings.startTime at or after this (epoch ms). */
  startTimeAfter: number;
}

/** The rooms a user may list, by start time. */
export async function listStreams(db: Db, f: StreamFilter): Promise<StreamRowWithHost[]> {
  let q = withHost(db)
    .where('streams.is_deleted', '=', f.isDeleted)
    .where(sql<boolean>`(streams.settings->>'startTime')::bigint >= ${f.startTimeAfter}`)
    .where((eb) =>
      eb.or([
        eb('streams.host_user_id', '=', f.hostUserId),
        ...(f.groupIds.length > 0
          ? [
              // jsonb_array_elements_text keeps the query portable between pg and PGlite (no
              // array parameters).
              sql<boolean>`exists (select 1 from jsonb_array_elements_text(streams.group_ids) g
                where g in (${sql.join(f.groupIds.map((g) => sql.val(g)))}))`,
            ]
          : []),
      ]),
    );
  if (f.sessionId) q = q.where('streams.session_id', '=', f.sessionId);
  // An ended room (a terminate event in its log) is no longer advertised: nobody can join it.
  q = q.where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('stream_events')
          .select('stream_events.seq')
          .whereRef('stream_events.stream_id', '=', 'streams.id')
          .where('stream_events.type', '=', 'terminate'),
      ),
    ),
  );
  return q
    .orderBy(sql`(streams.settings->>'startTime')::bigint`)
    .orderBy('streams.id')
    .limit(500)
    .execute();
}

/** The schools the stream's groups belong to (staff of those schools may open the room). */
export async function schoolsOfGroups(db: Db, groupIds: readonly string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('groups')
    .select('school_id')
    .distinct()
    .where('id', 'in', [...groupIds])
    .execute();
  return rows.map((r) => r.school_id);
}

/** Who is asking, as far as room access goes. */
export interface Viewer {
  userId: string;
  role: Role;
  schoolId: string | null;
  /**
   * The groups whose rooms the viewer sees: their own groups and every ancestor of them, so a
   * room shared with "Grade 2" reaches the pupils of each class under it.
   */
  groupIds: ReadonlySet<string>;
  /**
   * The groups the viewer may share a room with: their own active groups and every active
   * descendant, so a grade's teacher can host for one class of the grade.
   */
  hostableGroupIds: ReadonlySet<string>;
}

/**
 * Whether the viewer may open a room: its host, a member of one of its groups, provider staff,
 * or a teacher/staff/admin of a school one of its groups belongs to.
 */
export function mayAccessStream(
  viewer: Viewer,
  stream: Pick<Stream, 'hostUserId' | 'groupIds'>,
  streamSchoolIds: readonly string[],
): boolean {
  if (viewer.userId === stream.hostUserId) return true;
  if (stream.groupIds.some((g) => viewer.groupIds.has(g))) return true;
  if (isProviderRole(viewer.role)) return true;
  return (
    isStaffRole(viewer.role) &&
    viewer.schoolId !== null &&
    streamSchoolIds.includes(viewer.schoolId)
  );
}

/** `groups`: the user's groups when the caller has them (Permissions.groupsOf); else read here. */
export async function viewerOf(
  db: Db,
  user: { id: string; role: Role; school_id: string | null },
  groups?: { own: readonly GroupRow[]; school: readonly GroupRow[] },
): Promise<Viewer> {
  const own = groups?.own ?? (await groupsOfUser(db, user.id));
  const all =
    groups?.school ?? (await groupsOfSchools(db, [...new Set(own.map((g) => g.school_id))]));
  const active = own.filter((g) => g.confirm_type !== 'suspended');
  return {
    userId: user.id,
    role: user.role,
    schoolId: user.school_id,
    groupIds: withAncestorIds(own, all),
    hostableGroupIds: new Set(
      withDescendants(active, all)
        .filter((g) => g.confirm_type !== 'suspended')
        .map((g) => g.id),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// The event log

function toRoomEvent(row: StreamEventRow): RoomEvent {
  const parsed = RoomEvent.safeParse({
    streamId: row.stream_id,
    seq: row.seq,
    type: row.type,
    serverTime: msOf(row.server_time),
    effectiveAt: msOf(row.effective_at),
    payload: row.payload,
  });
  // The log is written only through appendRoomEvents, which parses first: a bad row is a bug.
  if (!parsed.success) {
    throw new Error(
      `stream_events ${row.stream_id}#${row.seq} is invalid: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

/** The last seq of each of these streams' logs (a stream without events is absent). */
export async function loadHeads(
  db: Db,
  streamIds: readonly string[],
): Promise<Map<string, number>> {
  if (streamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stream_events')
    .select(['stream_id', (eb) => eb.fn.max('seq').as('seq')])
    .where('stream_id', 'in', streamIds)
    .groupBy('stream_id')
    .execute();
  return new Map(rows.map((r) => [r.stream_id, Number(r.seq)]));
}

/** Events of a stream with seq > afterSeq, in order. */
export async function loadEvents(db: Db, streamId: string, afterSeq = 0): Promise<RoomEvent[]> {
  const rows = await db
    .selectFrom('stream_events')
    .selectAll()
    .where('stream_id', '=', streamId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .execute();
  return rows.map(toRoomEvent);
}
