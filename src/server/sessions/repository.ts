import { sql, type Selectable } from 'kysely';
import type { SessionSummary } from '../../contracts/api/sessions';
import {
  Session,
  TimedAction,
  type EmotionCounts,
  type Role,
  type SessionStatus,
  type Tag,
  type Video,
} from '../../contracts/entities';
import {
  canOpenSession,
  canSeeSession,
  isBlocked,
  isProviderRole,
  type Subject,
} from '../auth/permissions';
import { contentLangOf, localizeSession, localizeVideo } from '../content/localize';
import type { Db } from '../db/database';
import { msOf } from '../db/json';
import type { SessionsTable, VideosTable } from '../db/schema';

type SessionRow = Selectable<SessionsTable>;
type VideoRow = Selectable<VideosTable>;

type FactColumns = Pick<SessionRow, 'id' | 'status' | 'is_watchable' | 'target'> &
  Partial<Pick<SessionRow, 'owner_user_id' | 'owner_school_id'>>;

const facts = (row: FactColumns) => ({
  id: row.id,
  status: row.status,
  isWatchable: row.is_watchable,
  target: row.target,
  ownerUserId: row.owner_user_id ?? null,
  ownerSchoolId: row.owner_school_id ?? null,
});

/** Listed and readable: targeted at the user, PRIVATE only for provider staff (Permissions). */
export function isVisible(subject: Subject, row: FactColumns): boolean {
  return !isBlocked(subject) && canSeeSession(subject, facts(row));
}

/**
 * Opens by its id: visible, or a studio session its author's school's staff preview before it
 * is published (issue 24; `canPreviewSession`). Lists keep to `isVisible`.
 */
export function isOpenable(subject: Subject, row: FactColumns): boolean {
  return !isBlocked(subject) && canOpenSession(subject, facts(row));
}

/** The sessions among `ids` the viewer may see, by id. */
export async function visibleSessions(
  db: Db,
  subject: Subject,
  ids: readonly string[],
): Promise<Map<string, SessionRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('sessions').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.filter((r) => isVisible(subject, r)).map((r) => [r.id, r]));
}

/** The list cursor: start time and id of the last item, opaque to the client. */
const encodeCursor = (startMs: number, id: string): string =>
  Buffer.from(JSON.stringify([startMs, id])).toString('base64url');

export function decodeCursor(key: string): { startMs: number; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'number' &&
      typeof value[1] === 'string'
    ) {
      return { startMs: value[0], id: value[1] };
    }
  } catch {
    // not a cursor of ours
  }
  return null;
}

export interface SessionPage {
  rows: SessionRow[];
  lastKey: string | null;
}

/**
 * Sessions visible to the subject, by start time then id, after the cursor. Visibility is the
 * Permissions module's rule, applied to each candidate (a school has tens to hundreds of
 * sessions, so scanning the cheap columns is fine).
 */
export async function listVisibleSessions(
  db: Db,
  subject: Subject,
  q: {
    status?: SessionStatus | undefined;
    pageSize: number;
    after: { startMs: number; id: string } | null;
  },
): Promise<SessionPage> {
  let query = db
    .selectFrom('sessions')
    .select(['id', 'status', 'is_watchable', 'target', 'start_time'])
    .orderBy('start_time')
    .orderBy('id');
  if (q.status) query = query.where('status', '=', q.status);
  if (q.after) {
    const at = new Date(q.after.startMs);
    const afterId = q.after.id;
    query = query.where((eb) =>
      eb.or([
        eb('start_time', '>', at),
        eb.and([eb('start_time', '=', at), eb('id', '>', afterId)]),
      ]),
    );
  }
  const candidates = await query.execute();
  const visible = candidates.filter((r) => isVisible(subject, r));
  const page = visible.slice(0, q.pageSize);
  const last = page[page.length - 1];
  const lastKey =
    visible.length > q.pageSize && last ? encodeCursor(msOf(last.start_time), last.id) : null;
  if (page.length === 0) return { rows: [], lastKey: null };
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where(
      'id',
      'in',
      page.map((r) => r.id),
    )
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  return { rows, lastKey };
}

export async function findSessionRow(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

interface Related {
  tags: Map<string, Tag[]>;
  workIds: Map<string, string[]>;
  emotions: Map<string, EmotionCounts>;
}

/**
 * Whose reactions a session's counts include: the viewer's school (and the viewer), or every
 * school for provider roles (issue 8: a shared session never shows another school's activity).
 */
export interface ReactionScope {
  id: string;
  role: Role;
  school_id: string | null;
  /** The reader's language setting: the session is answered in it where translated (issue 9). */
  lang: string;
}

async function related(db: Db, viewer: ReactionScope, ids: readonly string[]): Promise<Related> {
  const out: Related = { tags: new Map(), workIds: new Map(), emotions: new Map() };
  if (ids.length === 0) return out;
  const [tags, works, emotions] = await Promise.all([
    db
      .selectFrom('session_tags')
      .innerJoin('tags', 'tags.id', 'session_tags.tag_id')
      .select([
        'session_tags.session_id',
        'tags.id',
        'tags.type',
        'tags.name',
        'tags.color',
        'tags.description',
        'tags.labels',
      ])
      .where('session_tags.session_id', 'in', [...ids])
      .orderBy('session_tags.position')
      .execute(),
    db
      .selectFrom('session_works')
      .select(['session_id', 'work_id'])
      .where('session_id', 'in', [...ids])
      .orderBy('position')
      .execute(),
    db
      .selectFrom('actions')
      .innerJoin('users', 'users.id', 'actions.user_id')
      .select(['actions.session_id', 'actions.type', sql<number>`count(*)::int`.as('n')])
      .where('actions.target', '=', 'session')
      .where('actions.session_id', 'in', [...ids])
      .where('actions.type', 'in', ['inspired', 'wow', 'thinking', 'crying'])
      .$if(!isProviderRole(viewer.role), (q) =>
        q.where((eb) =>
          eb.or([
            eb('actions.user_id', '=', viewer.id),
            eb('users.school_id', '=', viewer.school_id ?? ''),
          ]),
        ),
      )
      .groupBy(['actions.session_id', 'actions.type'])
      .execute(),
  ]);
  for (const t of tags) {
    const tag: Tag = { id: t.id, type: t.type, name: t.name };
    if (t.color) tag.color = t.color;
    if (t.description) tag.description = t.description;
    if (t.labels) tag.labels = t.labels;
    const list = out.tags.get(t.session_id) ?? [];
    list.push(tag);
    out.tags.set(t.session_id, list);
  }
  for (const w of works) {
    const list = out.workIds.get(w.session_id) ?? [];
    list.push(w.work_id);
    out.workIds.set(w.session_id, list);
  }
  for (const e of emotions) {
    if (!e.session_id) continue;
    const counts = out.emotions.get(e.session_id) ?? {
      inspired: 0,
      wow: 0,
      thinking: 0,
      crying: 0,
    };
    counts[e.type as keyof EmotionCounts] = Number(e.n);
    out.emotions.set(e.session_id, counts);
  }
  return out;
}

function toSummary(row: SessionRow, rel: Related): SessionSummary {
  const s: SessionSummary = {
    id: row.id,
    title: row.title,
    image: row.image,
    guide: row.guide,
    guideLabel: row.guide_label,
    job: row.job,
    startTime: msOf(row.start_time),
    endTime: msOf(row.end_time),
    joinOffset: row.join_offset,
    isWatchable: row.is_watchable,
    isFreeOnApp: row.is_free_on_app,
    isFreeOnWeb: row.is_free_on_web,
    isFreeForPack: row.is_free_for_pack,
    pickup: row.pickup,
    showPreChat: row.show_pre_chat,
    status: row.status,
    tags: rel.tags.get(row.id) ?? [],
    tagIds: (rel.tags.get(row.id) ?? []).map((t) => t.id),
    workIds: rel.workIds.get(row.id) ?? [],
    target: row.target,
    emotions: rel.emotions.get(row.id) ?? { inspired: 0, wow: 0, thinking: 0, crying: 0 },
    documentLinks: row.document_links,
    participantLimit: row.participant_limit,
  };
  if (row.sub_title !== null) s.subTitle = row.sub_title;
  if (row.description !== null) s.description = row.description;
  if (row.thumbnail_image !== null) s.thumbnailImage = row.thumbnail_image;
  if (row.title_image !== null) s.titleImage = row.title_image;
  if (row.guide_image !== null) s.guideImage = row.guide_image;
  if (row.instruction !== null) s.instruction = row.instruction;
  if (row.feedback_time !== null) s.feedbackTime = row.feedback_time;
  if (row.work_time !== null) s.workTime = row.work_time;
  if (row.reflection) s.reflection = row.reflection;
  if (row.ja) s.ja = row.ja;
  if (row.en) s.en = row.en;
  return s;
}

export async function toSummaries(
  db: Db,
  viewer: ReactionScope,
  rows: readonly SessionRow[],
): Promise<SessionSummary[]> {
  const rel = await related(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  const lang = contentLangOf(viewer);
  return rows.map((r) => toSummary(localizeSession(r, lang), rel));
}

function toVideo(row: VideoRow): Video {
  const v: Video = {
    id: row.id,
    provider: row.provider,
    type: row.type,
    status: row.status,
    title: row.title,
    videoId: row.video_id,
    lang: row.lang,
    // Timed actions are validated on read (spec 5): an invalid one fails the request loudly.
    actions: row.actions.map((a) => TimedAction.parse(a)),
  };
  if (row.description !== null) v.description = row.description;
  if (row.caption_file) v.captionFile = row.caption_file;
  if (row.duration !== null) v.duration = row.duration;
  return v;
}

/** The whole session: summary fields, videos in order, each with its timed actions. */
export async function toFullSession(
  db: Db,
  viewer: ReactionScope,
  row: SessionRow,
): Promise<Session> {
  const [summary] = await toSummaries(db, viewer, [row]);
  const videos = await db
    .selectFrom('videos')
    .selectAll()
    .where('session_id', '=', row.id)
    .orderBy('position')
    .execute();
  const lang = contentLangOf(viewer);
  return Session.parse({ ...summary, videos: videos.map((v) => toVideo(localizeVideo(v, lang))) });
}
