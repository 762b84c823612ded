import type { HTTPMethods } from 'fastify';
import { AppError } from './errors';

/**
 * The older service's calls (core-platform spec §7, "Older service") are served under this one
 * prefix: `/v0/session/{id}` and so on. docs/operations.md documents it.
 */
export const LEGACY_PREFIX = '/v0';

/** One older-service call answered by a /v1 handler: same contract, same checks. */
export interface LegacyAlias {
  /** The older call's method and path (without the prefix), Fastify syntax. */
  method: HTTPMethods;
  path: string;
  /** The /v1 route whose schema and handler answer it. */
  v1: { method: string; url: string };
  /**
   * Why the alias is not a plain one-to-one (a method or a shape differs);
   * docs/decisions/0171-older-service-under-v0.md.
   */
  note?: string;
  /** A check the older path adds before the /v1 handler runs (its id must match the body's). */
  guard?: (req: { params: unknown; body: unknown }) => void;
}

const alias = (
  method: HTTPMethods,
  path: string,
  v1Method: string,
  v1Url: string,
  note?: string,
): LegacyAlias => ({
  method,
  path,
  v1: { method: v1Method, url: v1Url },
  ...(note ? { note } : {}),
});

/**
 * The older calls a /v1 handler already answers. Path parameters keep the /v1 handler's names
 * (`/session/{parentId}/comments` is `/session/:id/comments`): the handler reads `params.id`.
 */
export const LEGACY_ALIASES: readonly LegacyAlias[] = [
  alias('GET', '/actions', 'GET', '/v1/action'),
  alias('POST', '/actions', 'POST', '/v1/action'),
  alias('POST', '/auth/login', 'POST', '/v1/auth/login'),
  alias(
    'POST',
    '/auth/check_token',
    'GET',
    '/v1/auth/check',
    'the token is read from the Authorization header, as on every call',
  ),
  alias('GET', '/session/:id/comments', 'GET', '/v1/session/:id/comments'),
  alias('POST', '/session/:id/comments', 'POST', '/v1/session/:id/comment'),
  alias('GET', '/output/:id/comments', 'GET', '/v1/output/:id/feedbacks'),
  alias('GET', '/output/:id', 'GET', '/v1/output/:id/viewer'),
  {
    ...alias(
      'POST',
      '/output/:id/comments',
      'POST',
      '/v1/feedback',
      "the /v1 body (outputId, sessionId, workId, userId, content); the path's id must be its outputId",
    ),
    guard: (req) => {
      const id = (req.params as { id?: string }).id;
      const body = req.body as { outputId?: unknown } | undefined;
      if (body?.outputId !== id)
        throw new AppError('badRequest', "The path's output id and the body's outputId differ");
    },
  },
  alias('POST', '/output', 'POST', '/v1/output'),
  alias('PUT', '/output/:id', 'PUT', '/v1/output/:id'),
  alias('GET', '/session/:id', 'GET', '/v1/session/:id'),
  alias('GET', '/session', 'GET', '/v1/sessions'),
  alias('POST', '/session/:id/join', 'POST', '/v1/session/:id/join'),
  alias('GET', '/work/:id', 'GET', '/v1/work/:id'),
  alias('GET', '/users/:id', 'GET', '/v1/user/:id'),
  alias('GET', '/permission/:name', 'GET', '/v1/permission/:name'),
  alias('GET', '/follows', 'GET', '/v1/follows'),
  alias('GET', '/followers', 'GET', '/v1/followers'),
  alias('POST', '/follow/:id', 'POST', '/v1/follow/:id'),
  alias('DELETE', '/follow/:id', 'DELETE', '/v1/follow/:id'),
];

/** `GET /v0/session/:id` → `GET /v1/session/:id`, for tests that key tables by /v1 route. */
export const V1_ROUTE_OF_ALIAS: ReadonlyMap<string, string> = new Map(
  LEGACY_ALIASES.map((a) => [
    `${a.method} ${LEGACY_PREFIX}${a.path}`,
    `${a.v1.method} ${a.v1.url}`,
  ]),
);
