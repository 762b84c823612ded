import { STREAM_LOOKBACK_MS } from '../../contracts/constants';
import {
  CreateStreamRequest,
  ListStreamsQuery,
  ListStreamsResponse,
  parseStreamCommand,
  StreamCommandParams,
  StreamCommandResponse,
  StreamIdParams,
  StreamResponse,
  UpdateStreamRequest,
} from '../../contracts/stream';
import { AppError } from '../http/errors';
import { toStream } from '../streams/repository';
import { StreamService } from '../streams/service';
import type { App } from '../http/app-type';

/**
 * Rooms: GET /v1/streams, GET /v1/stream/{id}, POST /v1/stream, PUT /v1/stream/{id} and the host
 * commands POST /v1/stream/{id}/{kind}. The rules live in StreamService.
 */
export async function streamRoutes(app: App): Promise<void> {
  const streams = new StreamService(app.db, app.roomBus, app.permissions, app.clock);

  app.get(
    '/v1/streams',
    { schema: { querystring: ListStreamsQuery, response: { 200: ListStreamsResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { items: await streams.list(user, req.query, STREAM_LOOKBACK_MS) };
    },
  );

  app.get(
    '/v1/stream/:id',
    { schema: { params: StreamIdParams, response: { 200: StreamResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { item: toStream(await streams.getVisible(user, req.params.id), user) };
    },
  );

  app.post(
    '/v1/stream',
    { schema: { body: CreateStreamRequest, response: { 200: StreamResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { item: await streams.create(user, req.body) };
    },
  );

  app.put(
    '/v1/stream/:id',
    {
      schema: {
        params: StreamIdParams,
        body: UpdateStreamRequest,
        response: { 200: StreamResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { item: await streams.update(user, req.params.id, req.body) };
    },
  );

  app.post(
    '/v1/stream/:id/:kind',
    { schema: { params: StreamCommandParams, response: { 200: StreamCommandResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const parsed = parseStreamCommand(req.params.kind, req.body);
      if (!parsed.ok) throw new AppError('badRequest', parsed.message);
      return { item: await streams.command(user, req.params.id, parsed.command) };
    },
  );
}
