import type { CreateOutputRequest, UpdateOutputRequest } from '../../contracts/api/outputs';
import { keepConcern } from '../safeguarding/concerns';
import { requireOwnPictures } from './attachments';
import { presetImageFor } from '../../contracts/api/outputs';
import { decide, type Permissions } from '../auth/permissions';
import type { Db } from '../db/database';
import { json } from '../db/json';
import { notifyOutputViolation, pictureViolations, picturesState } from '../pictures/outputs';
import { AppError } from '../http/errors';
import { moderateText } from '../moderation/checks';
import { requireVisibleOutput } from '../feedback/repository';
import { requireVisibleSession } from '../sessions/access';
import type { UserRow } from '../users/repository';
import { rateOutput } from './rate';
import { violationsAfterEdit, type OutputRow } from './repository';

/** 403 unless the user may post outputs; guests get their own code and message. */
export async function requireSubmitOutput(permissions: Permissions, user: UserRow): Promise<void> {
  const subject = await permissions.subject(user);
  if (decide('submitOutput', subject)) return;
  if (subject.isGuest) {
    throw new AppError('guestRestricted', 'Unable to Post Due to Guest Account Restrictions');
  }
  throw new AppError('forbidden', 'Not permitted: submitOutput');
}

async function requireWorkOfSession(db: Db, sessionId: string, workId: string): Promise<void> {
  const link = await db
    .selectFrom('session_works')
    .select('work_id')
    .where('session_id', '=', sessionId)
    .where('work_id', '=', workId)
    .executeTakeFirst();
  if (!link) throw new AppError('notFound', 'No such work in this session');
}

/** The images to store: the picked one, else the preset for the creation time. */
const imagesFor = (images: readonly string[] | null | undefined, createdAt: Date): string[] =>
  images && images.length > 0 ? [...images] : [presetImageFor(createdAt.getTime())];

async function replaceImages(db: Db, outputId: string, urls: readonly string[]): Promise<void> {
  await db.deleteFrom('output_images').where('output_id', '=', outputId).execute();
  if (urls.length === 0) return;
  await db
    .insertInto('output_images')
    .values(urls.map((url, position) => ({ output_id: outputId, url, position })))
    .execute();
}

/** The author's other draft of the same work (there is at most one). */
async function draftOf(db: Db, userId: string, sessionId: string, workId: string) {
  return db
    .selectFrom('outputs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('work_id', '=', workId)
    .where('status', '=', 'autosaved')
    .executeTakeFirst();
}

async function postedOf(db: Db, userId: string, sessionId: string, workId: string) {
  return db
    .selectFrom('outputs')
    .select('id')
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('work_id', '=', workId)
    .where('status', '!=', 'autosaved')
    .executeTakeFirst();
}

/** Starts reading pictures queued while an output was posted (the picture screener). */
export interface PictureQueue {
  kick(): void;
}

/**
 * The status a posted output takes from its text and its pictures (issue 26): published only
 * when the text passed and every picture was screened clear; pending otherwise, `awaiting`
 * (out of the moderation queue) while pictures are still being read and nothing else holds it.
 * A picture finding adds the violation 'image', a copyright mark 'image-warning'.
 */
async function postedState(
  db: Db,
  author: UserRow,
  images: readonly string[],
  textHeld: boolean,
  heldAnyway: boolean,
  queue: PictureQueue | undefined,
) {
  const pictures = await picturesState(db, author, images);
  if (pictures.state === 'waiting' && pictures.queued) queue?.kick();
  const imageFlags = pictureViolations(pictures);
  const held = textHeld || heldAnyway || pictures.state !== 'clear';
  return {
    status: held ? ('pending' as const) : ('published' as const),
    awaiting: pictures.state === 'waiting' && !textHeld && !heldAnyway,
    imageFlags,
    notify: textHeld || imageFlags.length > 0,
  };
}

/**
 * POST /v1/output. `autosaved` saves (or replaces) the author's draft of the work; `published`
 * posts the output — held as pending with violation 'text' when the checks find personal
 * information, a URL or code, and 'image' when a picture was held for what it shows (the author
 * is notified); pending while its pictures are screened (docs/decisions/0063) — and drops the
 * draft. One posted output per author and work: posting again is a 409 (the dialog edits the
 * first one).
 */
export async function createOutput(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  body: CreateOutputRequest,
  pictureQueue?: PictureQueue,
): Promise<OutputRow> {
  await requireVisibleSession(db, permissions, user, body.sessionId);
  await requireSubmitOutput(permissions, user);
  if (body.userId !== undefined && body.userId !== user.id && body.userId !== user.account) {
    throw new AppError('forbidden', 'Outputs are posted as oneself');
  }
  await requireWorkOfSession(db, body.sessionId, body.workId);
  await requireOwnPictures(db, user.id, body.images);

  if (body.status === 'autosaved') {
    return db.transaction().execute(async (trx) => {
      const existing = await draftOf(trx, user.id, body.sessionId, body.workId);
      const row = existing
        ? await trx
            .updateTable('outputs')
            .set({ description: body.description, updated_at: new Date() })
            .where('id', '=', existing.id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('outputs')
            .values({
              session_id: body.sessionId,
              work_id: body.workId,
              user_id: user.id,
              description: body.description,
              status: 'autosaved',
            })
            .returningAll()
            .executeTakeFirstOrThrow();
      await replaceImages(trx, row.id, body.images ?? []);
      return row;
    });
  }

  if (await postedOf(db, user.id, body.sessionId, body.workId)) {
    throw new AppError('conflict', 'Already posted for this work: edit it instead');
  }
  await keepConcern(db, user.id, 'output', [body.description]);
  const verdict = moderateText(body.description);
  const now = new Date();
  const images = imagesFor(body.images, now);
  const posted = await postedState(db, user, images, verdict.held, false, pictureQueue);
  const violations = [...verdict.violationStatuses, ...posted.imageFlags];
  const row = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('outputs')
      .values({
        session_id: body.sessionId,
        work_id: body.workId,
        user_id: user.id,
        description: body.description,
        status: posted.status,
        awaiting_pictures: posted.awaiting,
        rate: rateOutput({ description: body.description, images, held: verdict.held }),
        violation_statuses: json(violations),
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceImages(trx, created.id, images);
    await trx
      .deleteFrom('outputs')
      .where('user_id', '=', user.id)
      .where('session_id', '=', body.sessionId)
      .where('work_id', '=', body.workId)
      .where('status', '=', 'autosaved')
      .execute();
    if (posted.notify) await notifyOutputViolation(trx, created);
    return created;
  });
  return row;
}

/**
 * PUT /v1/output/{id}, author only. On a draft it updates the draft, or posts it with
 * status published. On a posted output it is an edit: the checks run again; violation statuses
 * follow the 'updated' rule (what the client sends cannot clear a flag); an output that was
 * pending or rejected goes back to pending for staff to look at again.
 */
export async function updateOutput(
  db: Db,
  permissions: Permissions,
  user: UserRow,
  id: string,
  body: UpdateOutputRequest,
  pictureQueue?: PictureQueue,
): Promise<OutputRow> {
  const row = await db.selectFrom('outputs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('notFound', 'No such output');
  // Someone else's draft does not exist as far as they can tell.
  if (row.status === 'autosaved' && row.user_id !== user.id) {
    throw new AppError('notFound', 'No such output');
  }
  await requireVisibleSession(db, permissions, user, row.session_id);
  if (row.user_id !== user.id) {
    // One the caller may not even see (another school's) is a 404 like a missing one.
    await requireVisibleOutput(db, permissions, user, id);
    throw new AppError('forbidden', 'Only the author may edit');
  }
  await requireSubmitOutput(permissions, user);
  await requireOwnPictures(db, user.id, body.images, id);

  const draftStays = row.status === 'autosaved' && body.status !== 'published';
  if (draftStays) {
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('outputs')
        .set({
          ...(body.description !== undefined ? { description: body.description } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (body.images !== undefined) await replaceImages(trx, id, body.images ?? []);
      return updated;
    });
  }
  if (row.status !== 'autosaved' && body.status === 'autosaved') {
    throw new AppError('badRequest', 'A posted output cannot become a draft: POST a draft instead');
  }

  const publishingDraft = row.status === 'autosaved';
  if (publishingDraft && (await postedOf(db, user.id, row.session_id, row.work_id))) {
    throw new AppError('conflict', 'Already posted for this work: edit it instead');
  }
  const description = body.description ?? row.description;
  await keepConcern(db, user.id, 'output', [description]);
  const verdict = moderateText(description);
  const base = publishingDraft ? [] : violationsAfterEdit(row.violation_statuses);
  const withText = verdict.held && !base.includes('text') ? [...base, 'text' as const] : base;
  const images = imagesFor(
    body.images !== undefined ? body.images : await imagesOf(db, id),
    row.created_at,
  );
  const posted = await postedState(
    db,
    user,
    images,
    verdict.held,
    !publishingDraft && row.status !== 'published',
    pictureQueue,
  );
  const violations = [...withText, ...posted.imageFlags.filter((v) => !withText.includes(v))];
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('outputs')
      .set({
        description,
        status: posted.status,
        awaiting_pictures: posted.awaiting,
        violation_statuses: json(violations),
        rate: rateOutput({ description, images, held: verdict.held }),
        updated_at: now,
        ...(publishingDraft ? { published_at: now } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (body.images !== undefined || publishingDraft) await replaceImages(trx, id, images);
    await trx
      .deleteFrom('outputs')
      .where('user_id', '=', user.id)
      .where('session_id', '=', row.session_id)
      .where('work_id', '=', row.work_id)
      .where('status', '=', 'autosaved')
      .where('id', '!=', id)
      .execute();
    if (posted.notify) await notifyOutputViolation(trx, updated);
    return updated;
  });
}

async function imagesOf(db: Db, outputId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('output_images')
    .select('url')
    .where('output_id', '=', outputId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.url);
}
