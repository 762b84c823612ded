import type { Db } from '../db/database';
import { AppError } from '../http/errors';

const UPLOAD = /^\/uploads\/[a-f0-9]{32}\.jpg$/;

/** Records that `userId` uploaded the output picture at `url` (POST /v1/output/image). */
export async function recordOutputUpload(db: Db, userId: string, url: string): Promise<void> {
  await db.insertInto('output_uploads').values({ url, owner_user_id: userId }).execute();
}

/**
 * An output attaches only pictures its author uploaded, or ones it already shows (issue 25,
 * hole 3): a path read in someone else's post is not a key to their image. Presets are anyone's.
 * Anything else answers 400 naming `images`, the same for another's picture and a made-up one.
 */
export async function requireOwnPictures(
  db: Db,
  authorId: string,
  images: readonly string[] | null | undefined,
  outputId?: string,
): Promise<void> {
  const uploads = [...new Set((images ?? []).filter((u) => u.startsWith('/uploads/')))];
  if (uploads.length === 0) return;
  if (!uploads.every((u) => UPLOAD.test(u))) throw unknownPicture();
  const [own, attached] = await Promise.all([
    db
      .selectFrom('output_uploads')
      .select('url')
      .where('owner_user_id', '=', authorId)
      .where('url', 'in', uploads)
      .execute(),
    outputId
      ? db
          .selectFrom('output_images')
          .select('url')
          .where('output_id', '=', outputId)
          .where('url', 'in', uploads)
          .execute()
      : Promise.resolve([]),
  ]);
  const allowed = new Set([...own, ...attached].map((r) => r.url));
  if (!uploads.every((u) => allowed.has(u))) throw unknownPicture();
}

const unknownPicture = () =>
  new AppError('badRequest', 'Unknown image', [{ path: 'images', message: 'unknown image' }]);
