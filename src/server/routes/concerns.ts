import { z } from 'zod';
import {
  CareContactRequest,
  CareResponse,
  ConcernResponse,
  ConcernsResponse,
  ConcernsUnseenResponse,
} from '../../contracts/api/safeguarding';
import { Id } from '../../contracts/entities';
import {
  careFor,
  countUnseenConcerns,
  listConcerns,
  markConcernSeen,
  setCareContact,
} from '../safeguarding/concerns';
import type { App } from '../http/app-type';

const ConcernParams = z.object({ id: Id });

/**
 * Safeguarding (issue 26). GET /v1/care: where the caller can get help now (the caring message);
 * PUT /v1/care: a teacher sets their school's own contact shown there;
 * GET /v1/concerns: the concerns of the caller's pupils (staff roles);
 * GET /v1/concerns/unseen: how many of them the caller has not opened (the alert polls it);
 * POST /v1/concern/{id}/seen: the caller opened it (who and when is kept).
 */
export async function concernRoutes(app: App): Promise<void> {
  app.get('/v1/care', { schema: { response: { 200: CareResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    return careFor(app.db, await app.permissions.subject(user), user.lang);
  });

  app.put(
    '/v1/care',
    { schema: { body: CareContactRequest, response: { 200: CareResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      await setCareContact(app.db, scope, req.body.contact);
      return careFor(app.db, scope, user.lang);
    },
  );

  app.get(
    '/v1/concerns/unseen',
    { schema: { response: { 200: ConcernsUnseenResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      return { unseen: await countUnseenConcerns(app.db, await app.permissions.subject(user)) };
    },
  );

  app.get('/v1/concerns', { schema: { response: { 200: ConcernsResponse } } }, async (req) => {
    const { user } = await app.auth.require(req);
    return listConcerns(app.db, await app.permissions.subject(user));
  });

  app.post(
    '/v1/concern/:id/seen',
    { schema: { params: ConcernParams, response: { 200: ConcernResponse } } },
    async (req) => {
      const { user } = await app.auth.require(req);
      const scope = await app.permissions.subject(user);
      return { item: await markConcernSeen(app.db, scope, req.params.id) };
    },
  );
}
