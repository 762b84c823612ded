import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { App } from '../http/app-type';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VIDEO_UPLOAD_TYPES } from '../../contracts/api/studio';
import { AppError } from '../http/errors';
import type { JobRunner, Transcoder } from './transcoder';
import { sniffVideo } from './transcoder';

/**
 * Resumable video uploads with the tus protocol (issue 15): `@tus/server` with its file store
 * under DATA_DIR/studio-uploads, at /v1/studio/uploads. Fastify checks the caller first (a
 * staff role who may edit the video's session); the upload id starts with the video id, so a
 * HEAD or PATCH that resumes one is checked the same way. A finished upload that is not an
 * MP4, WebM or MOV file is deleted and refused (415); one that is becomes a transcoding job.
 */

const UPLOAD_PATH = '/v1/studio/uploads';

/** Upload-Metadata: comma-separated `key base64value` pairs (tus 1.0.0). */
function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

const ID_PATTERN = /^([A-Za-z0-9-]{1,64})\.([a-f0-9]{32})$/;

/**
 * The upload id Fastify parsed from the path (never the query) and the permission check passed,
 * handed to tus in a header of our own (issue 25, hole 2): tus's own parser took the last `/`
 * segment of the whole URL, query string included, so `…/<own id>?x=/<another id>` was checked
 * as one upload and served as another. A client's header of this name is dropped first.
 */
const CHECKED_ID_HEADER = 'x-tomoni-checked-upload-id';

/** Sets (id) or drops (null) that header on the raw request, in both of Node's views of it. */
function setCheckedId(raw: FastifyRequest['raw'], id: string | null): void {
  delete raw.headers[CHECKED_ID_HEADER];
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() !== CHECKED_ID_HEADER)
      kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  }
  if (id !== null) {
    raw.headers[CHECKED_ID_HEADER] = id;
    kept.push(CHECKED_ID_HEADER, id);
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
}

export async function registerUploads(
  app: App,
  o: {
    uploadsDir: string;
    transcoder: Transcoder | null;
    runner: JobRunner;
    /** Throws (401/403) unless the caller has a staff role. */
    requireStaff: (req: FastifyRequest) => Promise<void>;
    /** Throws (404/403) unless the user may edit the video's session. */
    requireVideoEditor: (req: FastifyRequest, videoId: string) => Promise<void>;
  },
): Promise<void> {
  mkdirSync(o.uploadsDir, { recursive: true });
  const store = new FileStore({ directory: o.uploadsDir });
  const tus = new Server({
    path: UPLOAD_PATH,
    relativeLocation: true,
    maxSize: app.config.video.maxUploadBytes,
    datastore: store,
    getFileIdFromRequest: (req) => req.headers.get(CHECKED_ID_HEADER) ?? undefined,
    namingFunction: (_req, metadata) =>
      `${metadata?.videoId ?? ''}.${randomBytes(16).toString('hex')}`,
    onUploadFinish: async (_req, upload) => {
      const path = join(o.uploadsDir, upload.id);
      if (!(await sniffVideo(path))) {
        await unlink(path).catch(() => undefined);
        throw { status_code: 415, body: 'Not an MP4, WebM or MOV video' };
      }
      const videoId = ID_PATTERN.exec(upload.id)?.[1];
      if (!videoId) throw { status_code: 400, body: 'Unknown upload' };
      await app.db
        .insertInto('transcode_jobs')
        .values({
          video_id: videoId,
          upload_id: upload.id,
          file_name: (upload.metadata?.filename ?? 'video').slice(0, 200),
        })
        .execute();
      // A new upload replaces the video once transcoded; until then it shows as processing.
      o.runner.kick();
      return {};
    },
  });

  const handle = async (req: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    setCheckedId(req.raw, null);
    await o.requireStaff(req);
    const method = req.method.toUpperCase();
    if (method === 'POST') {
      const meta = parseUploadMetadata(req.headers['upload-metadata'] as string | undefined);
      const videoId = meta.videoId ?? '';
      if (!/^[A-Za-z0-9-]{1,64}$/.test(videoId)) {
        throw new AppError('badRequest', 'Upload-Metadata must name the videoId');
      }
      await o.requireVideoEditor(req, videoId);
      if (!o.transcoder) {
        throw new AppError(
          'transcoderMissing',
          'This server has no ffmpeg: install it, or give an HLS URL instead',
        );
      }
      const type = (meta.filetype ?? '').toLowerCase();
      if (!(VIDEO_UPLOAD_TYPES as readonly string[]).includes(type)) {
        throw new AppError('unsupportedMedia', 'Upload an MP4, WebM or MOV video');
      }
    }
    let patched: string | null = null;
    if (method !== 'POST' && method !== 'OPTIONS') {
      const id = req.params.id ?? '';
      const m = ID_PATTERN.exec(id);
      if (!m) throw new AppError('notFound', 'No such upload');
      await o.requireVideoEditor(req, m[1]!);
      setCheckedId(req.raw, id);
      if (method === 'PATCH') patched = id;
    }
    reply.hijack();
    await tus.handle(req.raw, reply.raw);
    if (patched) {
      // Which bytes this PATCH stored (tus keeps what arrived before a dropped connection): the
      // log shows an upload resumed where it stopped rather than sent again from the start.
      const from = Number(req.headers['upload-offset']);
      const stored = await store.getUpload(patched).catch(() => null);
      req.log.info(
        {
          upload: patched,
          status: reply.raw.statusCode,
          from,
          to: stored?.offset ?? null,
          size: stored?.size ?? null,
        },
        'studio upload PATCH',
      );
    }
  };

  await app.register(async (scope) => {
    // tus bodies are streamed to the file store by tus itself: Fastify must not read them.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) =>
      done(null),
    );
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: UPLOAD_PATH, handler: handle });
    scope.route({ method: [...methods], url: `${UPLOAD_PATH}/:id`, handler: handle });
  });
}
