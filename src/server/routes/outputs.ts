import { z } from 'zod';
import {
  OutputLengthRequest,
  OutputLengthResponse,
  PostedOutputsQuery,
  StreamIdParams,
  WorkIdParams,
  WorkQuery,
  WorkResponse,
} from '../../contracts/api/catalogue';
import {
  CreateOutputRequest,
  MyOutputsQuery,
  OutputIdParams,
  OutputListResponse,
  OutputResponse,
  RecommendQuery,
  RecommendResponse,
  SessionWorksResponse,
  UpdateOutputRequest,
} from '../../contracts/api/outputs';
import { Id } from '../../contracts/entities';
import { contentLangOf } from '../content/localize';
import { AppError } from '../http/errors';
import { recordOutputUpload } from '../outputs/attachments';
import { registerImageUpload } from '../outputs/image-upload';
import {
  findVisibleWork,
  listOwnOutputs,
  listPostedOutputs,
  listSessionOutputs,
  ownOutputItems,
  roomOutputLength,
  sequenceRows,
  toOutputItems,
  toWork,
  worksOfSession,
  type OutputRow,
} from '../outputs/repository';
import { pickNext } from '../outputs/sequencing';
import { createOutput, requireSubmitOutput, updateOutput } from '../outputs/service';
import { publishSessionChange } from '../realtime/session-feed';
import { requireRoomOfSession, requireVisibleSession } from '../sessions/access';
import { findStream } from '../streams/repository';
import type { UserRow } from '../users/repository';
import { PROFILE_LIST_MAX } from '../users/profile-lists';
import type { App } from '../http/app-type';

const SessionParams = z.object({ id: Id });
const SessionOutputsQuery = z.object({ workId: z.optional(Id) });

async function itemOf(app: App, viewer: UserRow, row: OutputRow) {
  const [item] = await toOutputItems(app.db, viewer, [row]);
  if (!item) throw new AppError('notFound', 'No such output');
  return { item };
}

/** A posted (not draft) output reaches the open pages of its session (after it committed). */
async function announce(app: App, user: UserRow, row: OutputRow): Promise<void> {
  if (row.status === 'autosaved') return;
  await publishSessionChange(app, user, {
    sessionId: row.session_id,
    kind: 'output',
    targetId: row.id,
    outputId: row.id,
  });
}

/**
 * Outputs: POST /v1/output, PUT /v1/output/{id}, POST /v1/output/image, the lists
 * (GET /v1/session/{id}/outputs, GET /v1/me/outputs, GET /v1/me/postedOutputs; GET
 * /v1/user/{id}/outputs lives with the profile lists), a room's count of posters (POST
 * /v1/stream/{id}/output/length), GET /v1/outputs/recommend (sequencing), and the works outputs
 * answer (GET /v1/session/{id}/works, GET /v1/work/{id}).
 */
export async function outputRoutes(app: App): Promise<void> {
  app.post(
    '/v1/output',
    { schema: { body: CreateOutputRequest, response: { 200: OutputResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await createOutput(app.db, app.permissions, user, req.body, app.pictures);
      await announce(app, user, row);
      return itemOf(app, user, row);
    },
  );

  app.put(
    '/v1/output/:id',
    {
      schema: {
        params: OutputIdParams,
        body: UpdateOutputRequest,
        response: { 200: OutputResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await updateOutput(
        app.db,
        app.permissions,
        user,
        req.params.id,
        req.body,
        app.pictures,
      );
      await announce(app, user, row);
      return itemOf(app, user, row);
    },
  );

  await registerImageUpload(app, '/v1/output/image', {
    authorize: async (req) => {
      const { user } = await app.auth.require(req);
      await requireSubmitOutput(app.permissions, user);
      return user.id;
    },
    // Recorded as its uploader's, then queued for screening: the answer does not wait for it.
    stored: async (_req, url, userId) => {
      await recordOutputUpload(app.db, userId, url);
      await app.pictures.queue(url);
    },
  });

  app.get(
    '/v1/session/:id/outputs',
    {
      schema: {
        params: SessionParams,
        querystring: SessionOutputsQuery,
        response: { 200: OutputListResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      const scope = await app.permissions.subject(user);
      const visible = await listSessionOutputs(app.db, scope, req.params.id, req.query.workId);
      return { items: await toOutputItems(app.db, user, visible) };
    },
  );

  app.get(
    '/v1/me/outputs',
    { schema: { querystring: MyOutputsQuery, response: { 200: OutputListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const subject = await app.permissions.subject(user);
      const rows = await listOwnOutputs(
        app.db,
        subject,
        req.query.isViolated === true,
        PROFILE_LIST_MAX,
      );
      return {
        items: await ownOutputItems(app.db, subject, user, rows, req.query.withSession === true),
      };
    },
  );

  app.get(
    '/v1/me/postedOutputs',
    { schema: { querystring: PostedOutputsQuery, response: { 200: OutputListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const subject = await app.permissions.subject(user);
      const rows = await listPostedOutputs(
        app.db,
        subject,
        req.query.withAutosaved === true,
        PROFILE_LIST_MAX,
      );
      return {
        items: await ownOutputItems(app.db, subject, user, rows, req.query.withSession === true),
      };
    },
  );

  app.post(
    '/v1/stream/:id/output/length',
    {
      schema: {
        params: StreamIdParams,
        body: OutputLengthRequest,
        response: { 200: OutputLengthResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const stream = await findStream(app.db, req.params.id);
      if (!stream) throw new AppError('notFound', 'No such room');
      await requireRoomOfSession(app.db, user, stream.session_id, stream.id);
      return { item: await roomOutputLength(app.db, stream, req.body.workId) };
    },
  );

  app.get(
    '/v1/outputs/recommend',
    { schema: { querystring: RecommendQuery, response: { 200: RecommendResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireVisibleSession(app.db, app.permissions, user, req.query.sessionId);
      const rows = await sequenceRows(app.db, user, req.query.sessionId, req.query.workId);
      const pick = pickNext({
        mode: req.query.mode,
        rows,
        currentId: req.query.current,
        now: Date.now(),
        random: Math.random,
      });
      const row = pick ? rows.find((r) => r.id === pick.id)?.row : undefined;
      if (!row) return { item: null };
      const [item] = await toOutputItems(app.db, user, [row]);
      return { item: item ?? null };
    },
  );

  app.get(
    '/v1/session/:id/works',
    { schema: { params: SessionParams, response: { 200: SessionWorksResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      return { items: await worksOfSession(app.db, req.params.id, contentLangOf(user)) };
    },
  );
  app.get(
    '/v1/work/:id',
    { schema: { params: WorkIdParams, querystring: WorkQuery, response: { 200: WorkResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const subject = await app.permissions.subject(user);
      const row = await findVisibleWork(app.db, subject, req.params.id);
      if (!row) throw new AppError('notFound', 'No such work');
      const lang = req.query.raw ? null : (req.query.lang ?? contentLangOf(user));
      return { item: toWork(row, lang) };
    },
  );
}
