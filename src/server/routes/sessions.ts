import {
  GetSessionResponse,
  JoinSessionRequest,
  JoinSessionResponse,
  LeaveSessionRequest,
  ListSessionsQuery,
  ListSessionsResponse,
  SessionIdParams,
  SessionUsersQuery,
  SessionUsersResponse,
} from '../../contracts/api/sessions';
import { PARTICIPANT_QUERY_WINDOW_MS } from '../../contracts/constants';
import { AppError } from '../http/errors';
import { requirePermission, requireRoomOfSession, requireVisibleSession } from '../sessions/access';
import { foldParticipants, Participation, sharingGroupWith } from '../sessions/participants';
import { sessionWallOf } from '../sessions/walls';
import { displayNameFor } from '../users/repository';
import {
  decodeCursor,
  listVisibleSessions,
  toFullSession,
  toSummaries,
} from '../sessions/repository';
import { publishSessionChange } from '../realtime/session-feed';
import type { App } from '../http/app-type';

/** Without pageSize a list returns this many sessions. */
const DEFAULT_PAGE_SIZE = 50;

/**
 * Sessions: the list and one session (visibility from the Permissions module), joining and
 * leaving (joinSession permission, the participant limit), and the participants of the last
 * 2 hours.
 */
export async function sessionRoutes(app: App): Promise<void> {
  const participation = new Participation(app.db, app.roomBus, app.clock);

  // GET /v1/me/sessions is the same list: the sessions the caller may see, paged.
  for (const url of ['/v1/sessions', '/v1/me/sessions']) {
    app.get(
      url,
      { schema: { querystring: ListSessionsQuery, response: { 200: ListSessionsResponse } } },
      async (req) => {
        const { user } = await app.auth.require(req);
        const after = req.query.lastKey === undefined ? null : decodeCursor(req.query.lastKey);
        if (req.query.lastKey !== undefined && !after)
          throw new AppError('badRequest', 'Invalid lastKey');
        const page = await listVisibleSessions(app.db, await app.permissions.subject(user), {
          status: req.query.status,
          pageSize: req.query.pageSize ?? DEFAULT_PAGE_SIZE,
          after,
        });
        return { items: await toSummaries(app.db, user, page.rows), lastKey: page.lastKey };
      },
    );
  }

  app.get(
    '/v1/session/:id',
    { schema: { params: SessionIdParams, response: { 200: GetSessionResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const row = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      return { item: await toFullSession(app.db, user, row) };
    },
  );

  app.post(
    '/v1/session/:id/join',
    {
      schema: {
        params: SessionIdParams,
        body: JoinSessionRequest,
        response: { 200: JoinSessionResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      await requirePermission(app.permissions, 'joinSession', user, session.id);
      const { streamId } = req.body;
      if (streamId) await requireRoomOfSession(app.db, user, session.id, streamId);
      const joinedAt = await participation.join(
        user,
        session.id,
        session.participant_limit,
        streamId,
      );
      // Outside a room, the session's pages of the same school re-read the participants.
      if (!streamId) {
        await publishSessionChange(app, user, {
          sessionId: session.id,
          kind: 'participants',
          targetId: session.id,
        });
      }
      return { item: { joinedAt } };
    },
  );

  app.post(
    '/v1/session/:id/leave',
    {
      schema: {
        params: SessionIdParams,
        body: LeaveSessionRequest,
        response: { 200: JoinSessionResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      const { streamId } = req.body;
      if (streamId) await requireRoomOfSession(app.db, user, session.id, streamId);
      // The response reuses the join shape: the time the leave was recorded.
      const joinedAt = await participation.leave(user, session.id, streamId);
      if (!streamId) {
        await publishSessionChange(app, user, {
          sessionId: session.id,
          kind: 'participants',
          targetId: session.id,
        });
      }
      return { item: { joinedAt } };
    },
  );

  app.get(
    '/v1/session/:id/users',
    {
      schema: {
        params: SessionIdParams,
        querystring: SessionUsersQuery,
        response: { 200: SessionUsersResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      const { streamId, after, inGroup } = req.query;
      if (streamId) await requireRoomOfSession(app.db, user, session.id, streamId);
      const now = Math.round(app.clock());
      // The look-back is 2 hours; `after` may narrow it, never widen it.
      const since = Math.max(now - PARTICIPANT_QUERY_WINDOW_MS, after ?? 0);
      // A room's participants belong to the room; a session-wide list is the caller's school's
      // people in solo viewing and in the rooms the caller may open (sessions/walls.ts).
      const wall = streamId ? undefined : await sessionWallOf(app.db, user, session.id);
      let items = await foldParticipants(
        app.db,
        {
          sessionId: session.id,
          streamId,
          wall,
        },
        since,
        now,
      );
      if (inGroup) {
        const scope = await app.permissions.subject(user);
        const inMine = await sharingGroupWith(
          app.db,
          scope,
          items.map((p) => p.id),
        );
        items = items.filter((p) => inMine.has(p.id));
      }
      // A forbidden name reaches only its owner and staff (users/repository.ts displayNameFor).
      return {
        items: items.map((p) => ({
          ...p,
          displayName: displayNameFor(user, { id: p.id, display_name: p.displayName }),
        })),
      };
    },
  );
}
