import { z } from 'zod';
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
  mayViewOutput,
  ownOutputItems,
  sequenceRows,
  toOutputItems,
  worksOfSession,
  type OutputRow,
} from '../outputs/repository';
import { pickNext } from '../outputs/sequencing';
import { createOutput, requireSubmitOutput, updateOutput } from '../outputs/service';
import { publishSessionChange } from '../realtime/session-feed';
import { requireVisibleSession } from '../sessions/access';
import type { UserRow } from '../users/repository';
import { PROFILE_LIST_MAX } from '../users/profile-lists';
import type { App } from '../http/app-type';

/** A session's outputs list returns at most this many (newest first). */
export const SESSION_OUTPUTS_MAX = 500;

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
 * (GET /v1/session/{id}/outputs, GET /v1/me/outputs; GET /v1/user/{id}/outputs lives with the
 * profile lists), GET /v1/outputs/recommend (sequencing) and GET /v1/session/{id}/works.
 */
export async function outputRoutes(app: App): Promise<void> {
  app.post(
    '/v1/output',
    { schema: { body: CreateOutputRequest, response: { 200: OutputResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await createOutput(app.db, app.permissions, user, req.body);
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
      const row = await updateOutput(app.db, app.permissions, user, req.params.id, req.body);
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
    stored: (_req, url, userId) => recordOutputUpload(app.db, userId, url),
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
      const rows = await app.db
        .selectFrom('outputs')
        .selectAll()
        .where('session_id', '=', req.params.id)
        .$if(req.query.workId !== undefined, (q) => q.where('work_id', '=', req.query.workId!))
        .where((eb) => eb.or([eb('status', '!=', 'autosaved'), eb('user_id', '=', user.id)]))
        .orderBy('created_at', 'desc')
        .limit(SESSION_OUTPUTS_MAX)
        .execute();
      const visible = rows.filter((r) => mayViewOutput(user, r));
      return { items: await toOutputItems(app.db, user, visible) };
    },
  );

  app.get(
    '/v1/me/outputs',
    { schema: { querystring: MyOutputsQuery, response: { 200: OutputListResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const rows = await app.db
        .selectFrom('outputs')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('status', '!=', 'autosaved')
        .$if(req.query.isViolated === true, (q) =>
          q.where((eb) => eb(eb.fn('jsonb_array_length', ['violation_statuses']), '>', 0)),
        )
        .orderBy('created_at', 'desc')
        .limit(PROFILE_LIST_MAX)
        .execute();
      const subject = await app.permissions.subject(user);
      return {
        items: await ownOutputItems(app.db, subject, user, rows, req.query.withSession === true),
      };
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
}
