import {
  CreateVoteRequest,
  ListVotesQuery,
  ListVotesResponse,
  SessionIdParams,
  UpdateVoteRequest,
  VoteIdParams,
  VoteResponse,
} from '../../contracts/api/sessions';
import type { UserRow } from '../users/repository';
import { requirePermission, requireRoomOfSession, requireVisibleSession } from '../sessions/access';
import { VoteService } from '../sessions/votes';
import { sessionWallOf } from '../sessions/walls';
import type { App } from '../http/app-type';

/**
 * Votes: GET /v1/session/{id}/votes (tallies), POST /v1/session/{id}/vote (cast or replace one's
 * ballot), PUT /v1/session/{id}/vote/{voteId} (change one's own ballot).
 */
export async function voteRoutes(app: App): Promise<void> {
  const votes = new VoteService(app.db, app.roomBus);

  /** In a room: the room's rules and joinSession; alone: watchArchive. */
  const mayVote = async (user: UserRow, sessionId: string, streamId: string | undefined | null) => {
    if (streamId) {
      await requireRoomOfSession(app.db, user, sessionId, streamId);
      await requirePermission(app.permissions, 'joinSession', user, sessionId);
    } else {
      await requirePermission(app.permissions, 'watchArchive', user, sessionId);
    }
  };

  app.get(
    '/v1/session/:id/votes',
    {
      schema: {
        params: SessionIdParams,
        querystring: ListVotesQuery,
        response: { 200: ListVotesResponse },
      },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      if (req.query.streamId)
        await requireRoomOfSession(app.db, user, session.id, req.query.streamId);
      const wall = req.query.streamId ? undefined : await sessionWallOf(app.db, user, session.id);
      return { items: await votes.tallies(session.id, user.id, req.query, wall) };
    },
  );

  app.post(
    '/v1/session/:id/vote',
    {
      schema: { params: SessionIdParams, body: CreateVoteRequest, response: { 200: VoteResponse } },
    },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      await mayVote(user, session.id, req.body.streamId);
      const wall = req.body.streamId ? undefined : await sessionWallOf(app.db, user, session.id);
      return votes.cast(session.id, user.id, req.body, wall);
    },
  );

  app.put(
    '/v1/session/:id/vote/:voteId',
    { schema: { params: VoteIdParams, body: UpdateVoteRequest, response: { 200: VoteResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const session = await requireVisibleSession(app.db, app.permissions, user, req.params.id);
      // The ballot's room (if any) decides its tally; the wall applies to a solo ballot only.
      const wall = await sessionWallOf(app.db, user, session.id);
      return votes.change(session.id, user.id, req.params.voteId, req.body.choice, wall);
    },
  );
}
