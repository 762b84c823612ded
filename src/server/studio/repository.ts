import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Selectable } from 'kysely';
import {
  STUDIO_DEFAULT_IMAGE,
  StudioTimedAction,
  type StudioSession,
  type StudioSessionSummary,
  type StudioSessionValue,
  type StudioVideo,
  type StudioWork,
  type TranscodeJob,
} from '../../contracts/api/studio';
import type { TimedAction } from '../../contracts/entities';
import type { Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { json, msOf } from '../db/json';
import type {
  SessionsTable,
  TimedActionJson,
  TranscodeJobsTable,
  VideosTable,
  WorksTable,
} from '../db/schema';
import { AppError } from '../http/errors';
import { sortGroups, type GroupRow } from '../users/repository';
import { canEditSession, canEditWork, canUseWork, type Author } from './access';

type SessionRow = Selectable<SessionsTable>;
type VideoRow = Selectable<VideosTable>;
type WorkRow = Selectable<WorksTable>;
type JobRow = Selectable<TranscodeJobsTable>;

/** Where the studio's served files live: MEDIA_DIR/studio/<videoId>/, public at /media/studio/. */
export const studioMediaDir = (mediaDir: string, videoId: string): string =>
  join(mediaDir, 'studio', videoId);
export const studioMediaUrl = (videoId: string, file: string): string =>
  `/media/studio/${encodeURIComponent(videoId)}/${file}`;

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findVideo(db: Db, id: string): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
}

export const toJob = (j: JobRow): TranscodeJob => ({
  id: j.id,
  videoId: j.video_id,
  fileName: j.file_name,
  status: j.status,
  progress: Math.max(0, Math.min(1, j.progress)),
  error: j.error,
  updatedAt: msOf(j.updated_at),
});

export async function latestJob(db: Db, videoId: string): Promise<JobRow | undefined> {
  return db
    .selectFrom('transcode_jobs')
    .selectAll()
    .where('video_id', '=', videoId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function toStudioVideo(db: Db, v: VideoRow): Promise<StudioVideo> {
  const job = await latestJob(db, v.id);
  const poster = v.video_id.startsWith(studioMediaUrl(v.id, ''))
    ? studioMediaUrl(v.id, 'poster.jpg')
    : null;
  return {
    id: v.id,
    type: v.type,
    title: v.title,
    videoId: v.video_id,
    poster,
    captionFile: v.caption_file ?? {},
    duration: v.duration,
    lang: v.lang,
    actions: v.actions.map((a) => a as TimedAction),
    actionTranslations: (v.translations.en?.actions ?? []).map((t) => ({
      ...(t.name ? { name: t.name } : {}),
      ...(t.title ? { title: t.title } : {}),
      ...(t.choices ? { choices: t.choices } : {}),
    })),
    job: job ? toJob(job) : null,
  };
}

const summaryOf = (author: Author, row: SessionRow): StudioSessionSummary => ({
  id: row.id,
  title: row.title,
  image: row.image,
  status: row.status,
  startTime: msOf(row.start_time),
  target: { type: row.target.type, targets: row.target.targets ?? [] },
  archived: row.archived_at !== null,
  editable: canEditSession(author, row),
  ownerSchoolId: row.owner_school_id,
  updatedAt: msOf(row.updated_at),
});

/** The sessions the author edits: every session for provider staff, their own for a teacher. */
export async function listStudioSessions(
  db: Db,
  author: Author,
  archived: boolean,
): Promise<StudioSessionSummary[]> {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('archived_at', archived ? 'is not' : 'is', null)
    .$if(!author.provider, (q) => q.where('owner_user_id', '=', author.user.id))
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => summaryOf(author, r));
}

export async function toStudioSession(
  db: Db,
  author: Author,
  row: SessionRow,
): Promise<StudioSession> {
  const [videos, tags, works] = await Promise.all([
    db
      .selectFrom('videos')
      .selectAll()
      .where('session_id', '=', row.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('session_tags')
      .select('tag_id')
      .where('session_id', '=', row.id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('session_works')
      .select('work_id')
      .where('session_id', '=', row.id)
      .orderBy('position')
      .execute(),
  ]);
  const en = row.translations.en ?? {};
  const enTexts = {
    ...(row.en?.title ? { title: row.en.title } : {}),
    ...(en.sub_title ? { subTitle: en.sub_title } : {}),
    ...(en.description ? { description: en.description } : {}),
    ...(row.en?.image ? { image: row.en.image } : {}),
    ...(row.en?.thumbnailImage ? { thumbnailImage: row.en.thumbnailImage } : {}),
  };
  const ja = {
    ...(row.ja?.image ? { image: row.ja.image } : {}),
    ...(row.ja?.thumbnailImage ? { thumbnailImage: row.ja.thumbnailImage } : {}),
  };
  const s: StudioSession = {
    ...summaryOf(author, row),
    isWatchable: row.is_watchable,
    isFreeOnApp: row.is_free_on_app,
    isFreeOnWeb: row.is_free_on_web,
    endTime: msOf(row.end_time),
    tagIds: tags.map((t) => t.tag_id),
    workIds: works.map((w) => w.work_id),
    documentLinks: row.document_links,
    videos: await Promise.all(videos.map((v) => toStudioVideo(db, v))),
  };
  if (row.sub_title) s.subTitle = row.sub_title;
  if (row.description) s.description = row.description;
  if (row.thumbnail_image) s.thumbnailImage = row.thumbnail_image;
  if (row.title_image) s.titleImage = row.title_image;
  if (row.guide_image) s.guideImage = row.guide_image;
  if (row.reflection) s.reflection = row.reflection;
  if (Object.keys(enTexts).length > 0) s.en = enTexts;
  if (Object.keys(ja).length > 0) s.ja = ja;
  return s;
}

const UPLOAD = /^\/uploads\/[a-f0-9]{32}\.jpg$/;

/**
 * Every uploaded picture among `urls` was uploaded in the studio by the author's school (provider
 * staff: any studio upload). A pupil's output image or another school's picture answers like an
 * unknown one: 400 naming `path`, so ids of other schools cannot be probed.
 */
export async function checkImages(
  db: Db,
  author: Author,
  urls: ReadonlyArray<string | null | undefined>,
  path: string,
): Promise<void> {
  const uploads = [...new Set(urls.filter((u): u is string => !!u && u.startsWith('/uploads/')))];
  if (uploads.length === 0) return;
  const rows = uploads.every((u) => UPLOAD.test(u))
    ? await db
        .selectFrom('studio_images')
        .select(['url', 'owner_school_id'])
        .where('url', 'in', uploads)
        .execute()
    : [];
  const ours = rows.filter(
    (r) =>
      author.provider ||
      (r.owner_school_id !== null && r.owner_school_id === author.user.school_id),
  );
  if (ours.length !== uploads.length) {
    throw new AppError('badRequest', 'Unknown image', [{ path, message: 'unknown image' }]);
  }
}

/** Every referenced group, school, tag, work and picture exists and may be used (400 / 403). */
async function checkReferences(db: Db, author: Author, v: StudioSessionValue): Promise<void> {
  await checkImages(
    db,
    author,
    [
      v.image,
      v.thumbnailImage,
      v.titleImage,
      v.guideImage,
      v.en?.image,
      v.en?.thumbnailImage,
      v.ja?.image,
      v.ja?.thumbnailImage,
    ],
    'image',
  );
  const targets = [...new Set(v.target.targets)];
  if (v.target.type === 'GROUP' && targets.length > 0) {
    const found = await db.selectFrom('groups').select('id').where('id', 'in', targets).execute();
    if (found.length !== targets.length) {
      throw new AppError('badRequest', 'Unknown group', [
        { path: 'target.targets', message: 'unknown group' },
      ]);
    }
  }
  if (v.target.type === 'SCHOOL' && targets.length > 0) {
    const found = await db.selectFrom('schools').select('id').where('id', 'in', targets).execute();
    if (found.length !== targets.length) {
      throw new AppError('badRequest', 'Unknown school', [
        { path: 'target.targets', message: 'unknown school' },
      ]);
    }
  }
  const tagIds = [...new Set(v.tagIds)];
  if (tagIds.length > 0) {
    const found = await db.selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
    if (found.length !== tagIds.length) {
      throw new AppError('badRequest', 'Unknown tag', [{ path: 'tagIds', message: 'unknown tag' }]);
    }
  }
  const workIds = [...new Set(v.workIds)];
  if (workIds.length > 0) {
    const found = await db
      .selectFrom('works')
      .select(['id', 'owner_user_id', 'owner_school_id'])
      .where('id', 'in', workIds)
      .execute();
    if (found.length !== workIds.length || !found.every((w) => canUseWork(author, w))) {
      throw new AppError('badRequest', 'Unknown work', [
        { path: 'workIds', message: 'unknown work' },
      ]);
    }
  }
}

function columnsOf(v: StudioSessionValue) {
  const en = v.en ?? {};
  const variant = (x: { title?: string; image?: string; thumbnailImage?: string } | undefined) => {
    const out = {
      ...(x?.title ? { title: x.title } : {}),
      ...(x?.image ? { image: x.image } : {}),
      ...(x?.thumbnailImage ? { thumbnailImage: x.thumbnailImage } : {}),
    };
    return Object.keys(out).length > 0 ? json(out) : null;
  };
  const enTranslation = {
    ...(en.subTitle ? { sub_title: en.subTitle } : {}),
    ...(en.description ? { description: en.description } : {}),
  };
  return {
    title: v.title,
    sub_title: v.subTitle || null,
    description: v.description || null,
    image: v.image || STUDIO_DEFAULT_IMAGE,
    thumbnail_image: v.thumbnailImage ?? null,
    title_image: v.titleImage ?? null,
    guide_image: v.guideImage ?? null,
    status: v.status,
    start_time: new Date(v.startTime),
    end_time: new Date(v.endTime),
    is_watchable: v.isWatchable,
    is_free_on_app: v.isFreeOnApp,
    is_free_on_web: v.isFreeOnWeb,
    target: json(
      v.target.type === 'ALL'
        ? { type: 'ALL' }
        : { type: v.target.type, targets: [...new Set(v.target.targets)] },
    ),
    reflection: v.reflection ? json(v.reflection) : null,
    document_links: json(v.documentLinks),
    ja: variant(v.ja),
    en: variant(en),
    translations: json(Object.keys(enTranslation).length > 0 ? { en: enTranslation } : {}),
  };
}

async function writeLinks(
  db: Db,
  sessionId: string,
  tagIds: readonly string[],
  workIds: readonly string[],
) {
  await db.deleteFrom('session_tags').where('session_id', '=', sessionId).execute();
  await db.deleteFrom('session_works').where('session_id', '=', sessionId).execute();
  const tags = [...new Set(tagIds)];
  const works = [...new Set(workIds)];
  if (tags.length > 0) {
    await db
      .insertInto('session_tags')
      .values(tags.map((tag_id, position) => ({ session_id: sessionId, tag_id, position })))
      .execute();
  }
  if (works.length > 0) {
    await db
      .insertInto('session_works')
      .values(works.map((work_id, position) => ({ session_id: sessionId, work_id, position })))
      .execute();
  }
}

export async function createSession(
  db: Db,
  author: Author,
  v: StudioSessionValue,
): Promise<string> {
  await checkReferences(db, author, v);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sessions')
      .values({
        ...columnsOf(v),
        owner_user_id: author.user.id,
        owner_school_id: author.provider ? null : author.user.school_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, row.id, v.tagIds, v.workIds);
    return row.id;
  });
}

export async function updateSession(
  db: Db,
  author: Author,
  id: string,
  v: StudioSessionValue,
): Promise<void> {
  await checkReferences(db, author, v);
  await db.transaction().execute(async (trx) => {
    // The session's other columns (questions, translations of fields the studio does not edit)
    // stay as they are; the studio's own English texts replace theirs.
    const current = await trx
      .selectFrom('sessions')
      .select('translations')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const cols = columnsOf(v);
    const en = { ...(current.translations.en ?? {}) };
    delete en.sub_title;
    delete en.description;
    const written = JSON.parse(cols.translations) as typeof current.translations;
    const translations = { ...current.translations, en: { ...en, ...(written.en ?? {}) } };
    await trx
      .updateTable('sessions')
      .set({ ...cols, translations: json(translations), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeLinks(trx, id, v.tagIds, v.workIds);
  });
}

/** A copy for the author to rework: PRIVATE, so nothing reaches a class by accident. */
export async function duplicateSession(db: Db, author: Author, id: string): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const src = await trx
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...rest } = src;
    const copy = await trx
      .insertInto('sessions')
      .values({
        ...rest,
        guide: json(rest.guide),
        target: json(rest.target),
        reflection: rest.reflection ? json(rest.reflection) : null,
        document_links: json(rest.document_links),
        ja: rest.ja ? json(rest.ja) : null,
        en: rest.en ? json(rest.en) : null,
        questions: json(rest.questions),
        translations: json(rest.translations),
        status: 'PRIVATE',
        archived_at: null,
        owner_user_id: author.user.id,
        owner_school_id: author.provider ? src.owner_school_id : author.user.school_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [tags, works, videos] = await Promise.all([
      trx.selectFrom('session_tags').selectAll().where('session_id', '=', id).execute(),
      trx.selectFrom('session_works').selectAll().where('session_id', '=', id).execute(),
      trx.selectFrom('videos').selectAll().where('session_id', '=', id).execute(),
    ]);
    if (tags.length > 0) {
      await trx
        .insertInto('session_tags')
        .values(tags.map((t) => ({ ...t, session_id: copy.id })))
        .execute();
    }
    if (works.length > 0) {
      await trx
        .insertInto('session_works')
        .values(works.map((w) => ({ ...w, session_id: copy.id })))
        .execute();
    }
    for (const v of videos) {
      // The copy plays the same files; a new upload to it gets its own folder.
      const { id: _vid, created_at: _vc, updated_at: _vu, ...vrest } = v;
      await trx
        .insertInto('videos')
        .values({
          ...vrest,
          session_id: copy.id,
          caption_file: vrest.caption_file ? json(vrest.caption_file) : null,
          actions: json(vrest.actions),
          translations: json(vrest.translations),
        })
        .execute();
    }
    return copy.id;
  });
}

/**
 * Archived sessions leave the learners' lists: they become PRIVATE
 * (docs/decisions/0175-studio-authoring.md).
 */
export async function setArchived(db: Db, id: string, archived: boolean): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      archived_at: archived ? new Date() : null,
      ...(archived ? { status: 'PRIVATE' as const } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Videos

/** Parses stored moments again (belt and braces: a row written before the studio's checks). */
export function checkedActions(actions: readonly unknown[]): TimedActionJson[] {
  return actions.map((a, i) => {
    const r = StudioTimedAction.safeParse(a);
    if (!r.success) {
      throw new AppError('badRequest', `Invalid timed action at ${i}`, [
        { path: `actions.${i}`, message: r.error.issues[0]?.message ?? 'invalid' },
      ]);
    }
    return r.data as TimedActionJson;
  });
}

/** A video as the studio writes it (POST and PUT /v1/studio/…/video). */
interface StudioVideoValue {
  title: string;
  type: 'DIGEST' | 'ARCHIVE_LOW';
  lang: 'ja' | 'en';
  hlsUrl?: string | undefined;
  actions: TimedActionJson[];
  actionTranslations: Array<{ name?: string; title?: string; choices?: string[] }>;
}

export async function createVideo(db: Db, sessionId: string, v: StudioVideoValue): Promise<string> {
  const last = await db
    .selectFrom('videos')
    .select(sql<number>`coalesce(max(position), -1)::int`.as('p'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  const row = await db
    .insertInto('videos')
    .values({
      session_id: sessionId,
      provider: 'HLS',
      type: v.type,
      // A video is playable once it has a playlist: an HLS URL now, or an upload when transcoded.
      status: v.hlsUrl ? 'COMPLETE' : 'NOTICE',
      title: v.title,
      video_id: v.hlsUrl ?? '',
      lang: v.lang,
      actions: json(v.actions),
      position: Number(last?.p ?? -1) + 1,
      translations: json(
        v.actionTranslations.length > 0 ? { en: { actions: v.actionTranslations } } : {},
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVideo(db: Db, video: VideoRow, v: StudioVideoValue): Promise<void> {
  const en = { ...(video.translations.en ?? {}) };
  if (v.actionTranslations.length > 0) en.actions = v.actionTranslations;
  else delete en.actions;
  await db
    .updateTable('videos')
    .set({
      title: v.title,
      type: v.type,
      lang: v.lang,
      actions: json(v.actions),
      translations: json({ ...video.translations, en }),
      ...(v.hlsUrl ? { video_id: v.hlsUrl, status: 'COMPLETE' as const } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', video.id)
    .execute();
}

/** Stores a caption file (already WebVTT) and points the video at it. */
export async function storeCaption(
  db: Db,
  mediaDir: string,
  video: VideoRow,
  lang: 'ja' | 'en',
  vtt: string,
): Promise<string> {
  const dir = studioMediaDir(mediaDir, video.id);
  await mkdir(dir, { recursive: true });
  const file = `captions.${lang}.vtt`;
  await writeFile(join(dir, file), vtt, 'utf8');
  // A new version gets a new URL: players and caches never keep the old cues.
  const url = `${studioMediaUrl(video.id, file)}?v=${Date.now()}`;
  await db
    .updateTable('videos')
    .set({
      caption_file: json({ ...(video.caption_file ?? {}), [lang]: url }),
      updated_at: new Date(),
    })
    .where('id', '=', video.id)
    .execute();
  return url;
}

// ---------------------------------------------------------------------------------------------
// Works

export const toStudioWork = (author: Author, w: WorkRow): StudioWork => {
  const out: StudioWork = {
    id: w.id,
    title: w.title,
    description: w.description,
    image: w.image,
    questions: w.questions,
    examples: w.examples,
    editable: canEditWork(author, w),
  };
  if (w.after_description) out.afterDescription = w.after_description;
  if (w.after_image) out.afterImage = w.after_image;
  if (w.associated_color !== null) out.associatedColor = w.associated_color;
  const en = w.translations.en;
  if (en && (en.title || en.description || en.questions?.some(Boolean))) {
    out.en = {
      ...(en.title ? { title: en.title } : {}),
      ...(en.description ? { description: en.description } : {}),
      ...(en.questions?.some(Boolean) ? { questions: en.questions } : {}),
    };
  }
  return out;
};

export async function listWorks(db: Db, author: Author): Promise<StudioWork[]> {
  const rows = await db
    .selectFrom('works')
    .selectAll()
    .$if(!author.provider, (q) =>
      q.where((eb) =>
        eb.or([eb('owner_school_id', 'is', null), eb('owner_user_id', '=', author.user.id)]),
      ),
    )
    .orderBy('updated_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((w) => toStudioWork(author, w));
}

export function workColumns(v: {
  title: string;
  description: string;
  image: string | null;
  afterDescription?: string | undefined;
  afterImage?: string | undefined;
  questions: string[];
  examples: Array<{ image: string; description: string }>;
  associatedColor?: number | undefined;
  en?:
    | {
        title?: string | undefined;
        description?: string | undefined;
        questions?: string[] | undefined;
      }
    | undefined;
}) {
  const en = {
    ...(v.en?.title ? { title: v.en.title } : {}),
    ...(v.en?.description ? { description: v.en.description } : {}),
    ...(v.en?.questions?.some(Boolean)
      ? { questions: v.questions.map((_, i) => v.en?.questions?.[i] || '') }
      : {}),
  };
  return {
    title: v.title,
    description: v.description,
    image: v.image,
    after_description: v.afterDescription || null,
    after_image: v.afterImage ?? null,
    questions: json(v.questions),
    examples: json(v.examples),
    associated_color: v.associatedColor ?? null,
    translations: json(Object.keys(en).length > 0 ? { en } : {}),
  };
}

/**
 * The work `id` if the author may use it (their own, the provider's; provider staff any): another
 * school's work is as missing as an unknown id.
 */
export async function findUsableWork(
  db: Db,
  author: Author,
  id: string,
): Promise<WorkRow | undefined> {
  const row = await db.selectFrom('works').selectAll().where('id', '=', id).executeTakeFirst();
  return row && canUseWork(author, row) ? row : undefined;
}

/** A new work of the author (the provider's when provider staff write it). */
export async function createWork(
  db: Db,
  author: Author,
  v: Parameters<typeof workColumns>[0],
): Promise<WorkRow> {
  return db
    .insertInto('works')
    .values({
      ...workColumns(v),
      owner_user_id: author.user.id,
      owner_school_id: author.provider ? null : author.user.school_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Only works the author may edit (canEditWork: provider staff any, a teacher their own). */
const editableWorks = (db: Db, author: Author) =>
  db
    .updateTable('works')
    .$if(!author.provider, (q) => q.where('owner_user_id', '=', author.user.id));

/** Replaces a work the author may edit (the caller checked it with findUsableWork/canEditWork). */
export async function updateWork(
  db: Db,
  author: Author,
  id: string,
  v: Parameters<typeof workColumns>[0],
): Promise<WorkRow> {
  return editableWorks(db, author)
    .set({ ...workColumns(v), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a work the author may edit, and its places in lessons. Pupils' answers keep their
 * question: a work with outputs is not deleted ('answered').
 */
export async function deleteWork(
  db: Db,
  author: Author,
  id: string,
): Promise<'answered' | 'deleted'> {
  const posted = await db
    .selectFrom('outputs')
    .select('id')
    .where('work_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (posted) return 'answered';
  await db.transaction().execute(async (trx) => {
    const editable = trx
      .selectFrom('works')
      .select('id')
      .where('id', '=', id)
      .$if(!author.provider, (q) => q.where('owner_user_id', '=', author.user.id));
    await trx.deleteFrom('session_works').where('work_id', 'in', editable).execute();
    await trx.deleteFrom('works').where('id', 'in', editable).execute();
  });
  return 'deleted';
}

/** Records a studio picture as the author's school's (the provider's for provider staff). */
export async function recordStudioImage(db: Db, author: Author, url: string): Promise<void> {
  await db
    .insertInto('studio_images')
    .values({
      url,
      owner_user_id: author.user.id,
      owner_school_id: author.provider ? null : author.user.school_id,
    })
    .execute();
}

/**
 * What the studio's forms offer the author: the groups they may aim a session at (provider
 * staff: every active group), the schools (provider staff only) and the tags (global reference
 * data, the same for everyone).
 */
export async function studioChoices(
  db: Db,
  permissions: Permissions,
  author: Author,
): Promise<{
  groups: GroupRow[];
  schools: Array<{ id: string; name: string }>;
  tags: Array<{ id: string; name: string; type: string }>;
}> {
  const groupRows = author.provider
    ? await db.selectFrom('groups').selectAll().where('confirm_type', '=', 'active').execute()
    : (await permissions.groupsOf(author.user)).school.filter((g) =>
        author.targetableGroupIds.has(g.id),
      );
  const [schools, tags] = await Promise.all([
    author.provider
      ? db.selectFrom('schools').select(['id', 'name']).orderBy('name').execute()
      : Promise.resolve([]),
    db.selectFrom('tags').select(['id', 'name', 'type']).orderBy('name').execute(),
  ]);
  return { groups: sortGroups(groupRows), schools, tags };
}
