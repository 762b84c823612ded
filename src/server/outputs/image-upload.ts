import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { App } from '../http/app-type';
import type { FastifyRequest } from 'fastify';
import { UploadImageResponse } from '../../contracts/api/outputs';
import { IMAGE_MAX_BYTES } from '../../contracts/constants';
import { AppError } from '../http/errors';
import { reencodeImage, sniffImageType, storeUpload } from './images';

/**
 * The one way a picture gets onto this server (pupils' outputs, teachers' studio images): one
 * multipart file of at most IMAGE_MAX_BYTES, checked by its bytes (JPEG, PNG, WebP, GIF), turned
 * upright and re-encoded (EXIF and every other metadata dropped, images.ts), stored under a
 * random name in DATA_DIR/uploads and answered as `{ url }` (signed on the way out).
 * `authorize` runs before the body is read; `stored` records the new file (say, its owner).
 */
export async function registerImageUpload<Uploader>(
  app: App,
  path: string,
  hooks: {
    authorize: (req: FastifyRequest) => Promise<Uploader>;
    stored?: (req: FastifyRequest, url: string, uploader: Uploader) => Promise<void>;
  },
): Promise<void> {
  // Multipart is registered for this route alone: nothing else accepts uploads.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    upload.post(path, { schema: { response: { 200: UploadImageResponse } } }, async (req) => {
      const ctx = await hooks.authorize(req);
      if (!req.isMultipart()) throw new AppError('badRequest', 'Send the image as multipart');
      let bytes: Buffer;
      try {
        const file = await req.file();
        if (!file) throw new AppError('badRequest', 'No image in the request');
        bytes = await file.toBuffer();
      } catch (e) {
        if (e instanceof AppError) throw e;
        if (e instanceof upload.multipartErrors.RequestFileTooLargeError) {
          throw new AppError('payloadTooLarge', 'The image is over 6 MB');
        }
        // A truncated or malformed body ("Unexpected end of form") is the client's: a 400.
        throw new AppError('badRequest', 'The upload is incomplete or malformed');
      }
      if (!sniffImageType(bytes)) {
        throw new AppError('badRequest', 'Not a JPEG, PNG, WebP or GIF image');
      }
      let jpeg: Buffer;
      try {
        jpeg = await reencodeImage(bytes);
      } catch {
        throw new AppError('badRequest', 'The image could not be read');
      }
      const url = await storeUpload(join(app.config.dataDir, 'uploads'), jpeg);
      await hooks.stored?.(req, url, ctx);
      return { url };
    });
  });
}
