import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CaptionInput,
  StudioCaptionParams,
  StudioIdParams,
  StudioOptions,
  StudioSessionInput,
  StudioSessionList,
  StudioSessionListQuery,
  StudioSessionResponse,
  StudioVideoInput,
  StudioVideoResponse,
  StudioWorkInput,
  StudioWorkList,
  StudioWorkResponse,
} from '../../contracts/api/studio';
import { parseCaptions, toWebVtt } from '../../contracts/captions';
import { AppError } from '../http/errors';
import type { UserRow } from '../users/repository';
import {
  assertTarget,
  canEditSession,
  canEditWork,
  refuseEdit,
  requireAuthor,
  type Author,
} from '../studio/access';
import {
  checkedActions,
  checkImages,
  createSession,
  createVideo,
  createWork,
  deleteWork,
  duplicateSession,
  findSession,
  findUsableWork,
  findVideo,
  latestJob,
  listStudioSessions,
  listWorks,
  recordStudioImage,
  setArchived,
  storeCaption,
  studioChoices,
  toJob,
  toStudioSession,
  toStudioWork,
  updateSession,
  updateVideo,
  updateWork,
} from '../studio/repository';
import { registerImageUpload } from '../outputs/image-upload';
import { findTranscoder, JobRunner } from '../studio/transcoder';
import { registerUploads } from '../studio/uploads';
import type { App } from '../http/app-type';

const ArchiveBody = z.object({ archived: z.boolean() }).strict();

/**
 * The studio's API (issue 15): sessions, their video and moments, captions, works, and the
 * resumable upload + transcoding of videos. Staff roles only; who may edit what is
 * studio/access.ts. Every body is parsed by its contract, so malformed moments never get in.
 */
export async function studioRoutes(app: App): Promise<void> {
  const transcoder = await findTranscoder(app.config.ffmpeg);
  const uploadsDir = join(app.config.dataDir, 'studio-uploads');
  const runner = new JobRunner({
    db: app.db,
    transcoder,
    uploadsDir,
    mediaDir: app.config.mediaDir,
    log: app.log,
    concurrency: app.config.transcodeConcurrency,
    maxDurationS: app.config.video.maxDurationS,
  });
  app.decorate('transcodeJobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => {
    await runner.stop();
  });

  const author = async (req: FastifyRequest) => {
    const { user } = await app.auth.require(req);
    return requireAuthor(app.db, app.permissions, user);
  };

  /** The session row the author may edit (404 unseen, 403 seen but not theirs). */
  const editableSession = async (req: FastifyRequest, id: string) => {
    const a = await author(req);
    const row = await findSession(app.db, id);
    if (!row) throw new AppError('notFound', 'No such session');
    if (!canEditSession(a.author, row)) refuseEdit(a.subject, row);
    return { ...a, row };
  };

  const editableVideo = async (req: FastifyRequest, id: string) => {
    // Staff roles first: a member gets the same 403 for a real id and a made-up one.
    await author(req);
    const video = await findVideo(app.db, id);
    if (!video) throw new AppError('notFound', 'No such video');
    const s = await editableSession(req, video.session_id);
    return { ...s, video };
  };

  /** The work the author may edit: 404 when it is not theirs to use (another school's), else 403. */
  const editableWork = async (req: FastifyRequest, id: string) => {
    const a = await author(req);
    const row = await findUsableWork(app.db, a.author, id);
    if (!row) throw new AppError('notFound', 'No such work');
    if (!canEditWork(a.author, row)) throw new AppError('forbidden', 'You may not edit this work');
    return { ...a, row };
  };

  const checkWorkImages = (a: Author, w: z.infer<typeof StudioWorkInput>) =>
    checkImages(app.db, a, [w.image, w.afterImage, ...w.examples.map((e) => e.image)], 'image');

  /** An image moment may show a studio upload of the author's school only (decisions/0002). */
  const checkMomentImages = (
    a: Author,
    actions: ReadonlyArray<{ params: { image?: string | undefined } }>,
  ) =>
    checkImages(
      app.db,
      a,
      actions.map((x) => x.params.image),
      'actions',
    );

  const sessionItem = async (user: UserRow, id: string) => {
    const { author: a } = await requireAuthor(app.db, app.permissions, user);
    const row = await findSession(app.db, id);
    if (!row) throw new AppError('notFound', 'No such session');
    return { item: await toStudioSession(app.db, a, row) };
  };

  app.get('/v1/studio/options', { schema: { response: { 200: StudioOptions } } }, async (req) => {
    const { author: a } = await author(req);
    const { groups, schools, tags } = await studioChoices(app.db, app.permissions, a);
    const source: StudioOptions['transcoder'] = transcoder
      ? transcoder.source === 'system'
        ? 'system'
        : 'bundled'
      : null;
    const targetTypes: StudioOptions['targetTypes'] = a.provider
      ? ['ALL', 'SCHOOL', 'GROUP']
      : ['GROUP'];
    return {
      groups: groups.map((g) => ({ id: g.id, name: g.name, schoolId: g.school_id })),
      schools,
      tags,
      targetTypes,
      transcoder: source,
      limits: app.config.video,
    };
  });

  app.get(
    '/v1/studio/sessions',
    { schema: { querystring: StudioSessionListQuery, response: { 200: StudioSessionList } } },
    async (req) => {
      const { author: a } = await author(req);
      return { items: await listStudioSessions(app.db, a, req.query.archived === 'true') };
    },
  );

  app.get(
    '/v1/studio/session/:id',
    { schema: { params: StudioIdParams, response: { 200: StudioSessionResponse } } },
    async (req) => {
      const { author: a, row } = await editableSession(req, req.params.id);
      return { item: await toStudioSession(app.db, a, row) };
    },
  );

  app.post(
    '/v1/studio/session',
    { schema: { body: StudioSessionInput, response: { 200: StudioSessionResponse } } },
    async (req) => {
      const { author: a } = await author(req);
      assertTarget(a, req.body.target);
      const id = await createSession(app.db, a, req.body);
      return sessionItem(a.user, id);
    },
  );

  app.put(
    '/v1/studio/session/:id',
    {
      schema: {
        params: StudioIdParams,
        body: StudioSessionInput,
        response: { 200: StudioSessionResponse },
      },
    },
    async (req) => {
      const { author: a } = await editableSession(req, req.params.id);
      assertTarget(a, req.body.target);
      await updateSession(app.db, a, req.params.id, req.body);
      return sessionItem(a.user, req.params.id);
    },
  );

  app.post(
    '/v1/studio/session/:id/duplicate',
    { schema: { params: StudioIdParams, response: { 200: StudioSessionResponse } } },
    async (req) => {
      const { author: a } = await editableSession(req, req.params.id);
      const id = await duplicateSession(app.db, a, req.params.id);
      return sessionItem(a.user, id);
    },
  );

  app.put(
    '/v1/studio/session/:id/archived',
    {
      schema: {
        params: StudioIdParams,
        body: ArchiveBody,
        response: { 200: StudioSessionResponse },
      },
    },
    async (req) => {
      const { author: a } = await editableSession(req, req.params.id);
      await setArchived(app.db, req.params.id, req.body.archived);
      return sessionItem(a.user, req.params.id);
    },
  );

  app.post(
    '/v1/studio/session/:id/video',
    {
      schema: {
        params: StudioIdParams,
        body: StudioVideoInput,
        response: { 200: StudioSessionResponse },
      },
    },
    async (req) => {
      const { author: a } = await editableSession(req, req.params.id);
      await checkMomentImages(a, req.body.actions);
      await createVideo(app.db, req.params.id, {
        ...req.body,
        actions: checkedActions(req.body.actions),
      });
      return sessionItem(a.user, req.params.id);
    },
  );

  app.put(
    '/v1/studio/video/:id',
    {
      schema: {
        params: StudioIdParams,
        body: StudioVideoInput,
        response: { 200: StudioVideoResponse },
      },
    },
    async (req) => {
      const { author: a, video } = await editableVideo(req, req.params.id);
      await checkMomentImages(a, req.body.actions);
      await updateVideo(app.db, video, { ...req.body, actions: checkedActions(req.body.actions) });
      const { item } = await sessionItem(a.user, video.session_id);
      return { item: item.videos.find((v) => v.id === video.id)! };
    },
  );

  app.get(
    '/v1/studio/video/:id',
    { schema: { params: StudioIdParams, response: { 200: StudioVideoResponse } } },
    async (req) => {
      const { author: a, video } = await editableVideo(req, req.params.id);
      const { item } = await sessionItem(a.user, video.session_id);
      return { item: item.videos.find((v) => v.id === video.id)! };
    },
  );

  app.put(
    '/v1/studio/video/:id/caption/:lang',
    {
      schema: {
        params: StudioCaptionParams,
        body: CaptionInput,
        response: { 200: StudioVideoResponse },
      },
      // A caption file is text of up to 512 KB; JSON escaping may double it.
      bodyLimit: 2 * 1024 * 1024,
    },
    async (req) => {
      const { author: a, video } = await editableVideo(req, req.params.id);
      const parsed = parseCaptions(req.body.text);
      if (!parsed.ok) {
        throw new AppError('captionInvalid', `Line ${parsed.line}: ${parsed.reason}`, [
          { path: 'text', message: `line ${parsed.line}: ${parsed.reason}` },
        ]);
      }
      await storeCaption(
        app.db,
        app.config.mediaDir,
        video,
        req.params.lang,
        toWebVtt(parsed.cues),
      );
      const { item } = await sessionItem(a.user, video.session_id);
      return { item: item.videos.find((v) => v.id === video.id)! };
    },
  );

  app.get(
    '/v1/studio/video/:id/job',
    {
      schema: {
        params: StudioIdParams,
        response: { 200: z.object({ item: StudioVideoResponse.shape.item.shape.job }) },
      },
    },
    async (req) => {
      await editableVideo(req, req.params.id);
      const job = await latestJob(app.db, req.params.id);
      return { item: job ? toJob(job) : null };
    },
  );

  app.get('/v1/studio/works', { schema: { response: { 200: StudioWorkList } } }, async (req) => {
    const { author: a } = await author(req);
    return { items: await listWorks(app.db, a) };
  });

  app.post(
    '/v1/studio/work',
    { schema: { body: StudioWorkInput, response: { 200: StudioWorkResponse } } },
    async (req) => {
      const { author: a } = await author(req);
      await checkWorkImages(a, req.body);
      const row = await createWork(app.db, a, req.body);
      return { item: toStudioWork(a, row) };
    },
  );

  app.put(
    '/v1/studio/work/:id',
    {
      schema: {
        params: StudioIdParams,
        body: StudioWorkInput,
        response: { 200: StudioWorkResponse },
      },
    },
    async (req) => {
      const { author: a, row } = await editableWork(req, req.params.id);
      await checkWorkImages(a, req.body);
      const updated = await updateWork(app.db, a, row.id, req.body);
      return { item: toStudioWork(a, updated) };
    },
  );

  // A picture for a session or a work: the pupils' image pipeline (EXIF dropped, re-encoded),
  // recorded as the caller's school's so no other school's session can show it.
  await registerImageUpload(app, '/v1/studio/image', {
    authorize: async (req) => (await author(req)).author,
    stored: async (_req, url, a) => {
      await recordStudioImage(app.db, a, url);
    },
  });

  app.delete(
    '/v1/studio/work/:id',
    { schema: { params: StudioIdParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (req) => {
      const { author: a, row } = await editableWork(req, req.params.id);
      // Pupils' answers keep their question: a work with outputs is taken off its lessons instead.
      if ((await deleteWork(app.db, a, row.id)) === 'answered')
        throw new AppError('conflict', 'Pupils have answered this work');
      return { ok: true as const };
    },
  );

  await registerUploads(app, {
    uploadsDir,
    transcoder,
    runner,
    requireStaff: async (req) => {
      await author(req);
    },
    requireVideoEditor: async (req, videoId) => {
      await editableVideo(req, videoId);
    },
  });
}

// Not encapsulated (what fastify-plugin does): `app.transcodeJobs` is the app's, for tests.
Object.assign(studioRoutes, { [Symbol.for('skip-override')]: true });

declare module 'fastify' {
  interface FastifyInstance {
    /** The studio's transcoding queue (routes/studio.ts). */
    transcodeJobs: JobRunner;
  }
}
