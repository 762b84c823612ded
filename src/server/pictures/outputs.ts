import type { Db } from '../db/database';
import { json } from '../db/json';
import { groupRuleOn } from '../feedback/approval';
import type { UserRow } from '../users/repository';
import { isCopyright, isFinding } from './verdict';

/**
 * What an output's pictures allow (issue 26): `waiting` while one is still being screened,
 * `held` when one was held (`finding`: its text or the model found something, violation
 * 'image'; `copyright`: one may be someone else's work, violation 'image-warning'; otherwise
 * doubt, a failure or the group's "approve every picture first"), else
 * `clear`. Presets (/media/…) are the service's own and always clear. An upload without a
 * screening row (one made before screening existed) is queued now: nothing unscreened is shown.
 */
export type PicturesState =
  | { state: 'clear' }
  | { state: 'waiting'; queued: boolean }
  | { state: 'held'; finding: boolean; copyright: boolean };

export async function picturesState(
  db: Db,
  author: UserRow,
  images: readonly string[],
): Promise<PicturesState> {
  const uploads = [...new Set(images.filter((u) => u.startsWith('/uploads/')))];
  if (uploads.length === 0) return { state: 'clear' };
  const rows = await db
    .selectFrom('picture_screenings')
    .select(['url', 'state', 'verdict', 'reasons'])
    .where('url', 'in', uploads)
    .execute();
  const missing = uploads.filter((u) => !rows.some((r) => r.url === u));
  if (missing.length > 0) {
    await db
      .insertInto('picture_screenings')
      .values(missing.map((url) => ({ url })))
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
  }
  if (missing.length > 0 || rows.some((r) => r.state === 'queued'))
    return { state: 'waiting', queued: missing.length > 0 };
  const held = rows.filter((r) => r.verdict !== 'clear');
  if (held.length > 0)
    return {
      state: 'held',
      finding: held.some((r) => isFinding(r.reasons)),
      copyright: held.some((r) => isCopyright(r.reasons)),
    };
  if (await groupRuleOn(db, author, 'picture_approval'))
    return { state: 'held', finding: false, copyright: false };
  return { state: 'clear' };
}

/** The violation flags an output's pictures give it: 'image' for a finding, 'image-warning'. */
export function pictureViolations(pictures: PicturesState): Array<'image' | 'image-warning'> {
  if (pictures.state !== 'held') return [];
  return [
    ...(pictures.finding ? (['image'] as const) : []),
    ...(pictures.copyright ? (['image-warning'] as const) : []),
  ];
}

/** The author learns a post of theirs is held (the violation notice, issue 8). */
export async function notifyOutputViolation(
  db: Db,
  row: { id: string; user_id: string; session_id: string },
): Promise<void> {
  const session = await db
    .selectFrom('sessions')
    .select(['title', 'image'])
    .where('id', '=', row.session_id)
    .executeTakeFirst();
  await db
    .insertInto('notifications')
    .values({
      user_id: row.user_id,
      type: 'outputsViolation',
      action: 'outputsViolation',
      actor_user_id: null,
      items: json({ session: session ?? null }),
      payload: json({ id: row.id }),
    })
    .execute();
}

/**
 * After a picture is screened: every pending output showing it is looked at again. A finding
 * adds the violation 'image', a copyright mark 'image-warning' (the author is told); an output that only waited for its pictures
 * (`awaiting_pictures`) is published when they are all clear, and otherwise enters the
 * moderation queue. Outputs still waiting for another picture stay as they are.
 */
export async function settleOutputsShowing(db: Db, url: string): Promise<void> {
  const outputs = await db
    .selectFrom('outputs as o')
    .innerJoin('output_images as i', 'i.output_id', 'o.id')
    .select(['o.id'])
    .where('i.url', '=', url)
    .where('o.status', '=', 'pending')
    .execute();
  for (const { id } of outputs) await settleOutput(db, id);
}

async function settleOutput(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('outputs')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.status !== 'pending') return;
    const author = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    const images = await trx
      .selectFrom('output_images')
      .select('url')
      .where('output_id', '=', id)
      .execute();
    const pictures = await picturesState(
      trx,
      author,
      images.map((i) => i.url),
    );
    if (pictures.state === 'waiting') return;
    const added = pictureViolations(pictures).filter((v) => !row.violation_statuses.includes(v));
    const publish = row.awaiting_pictures && pictures.state === 'clear';
    if (added.length === 0 && !row.awaiting_pictures) return;
    const now = new Date();
    await trx
      .updateTable('outputs')
      .set({
        awaiting_pictures: false,
        ...(added.length > 0
          ? { violation_statuses: json([...row.violation_statuses, ...added]) }
          : {}),
        ...(publish ? { status: 'published', published_at: now } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    if (added.length > 0) await notifyOutputViolation(trx, row);
  });
}
