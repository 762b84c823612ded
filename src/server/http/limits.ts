import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * A named budget: at most `max` calls per `windowMs` for each key. Keys say whose budget a call
 * spends — the signed-in account, the account name asked for, the address — so one school's
 * shared address is never what runs out for everyone behind it (issue 25).
 */
export interface KeyedLimit {
  max: number;
  windowMs: number;
  /** The budget a call spends; null spends none (the check is skipped). */
  key: (req: FastifyRequest) => string | null | Promise<string | null>;
}

/** Spends one call of the budget; 429 tooManyRequests with Retry-After when it is used up. */
export type Limiter = (req: FastifyRequest) => Promise<void>;

/**
 * The one way a route adds a budget of its own beside the general per-caller limit: built on
 * @fastify/rate-limit's store (so a Redis store, when configured, is shared the same way), and
 * several may guard one route (e.g. per account name and a generous per-address ceiling).
 */
export function keyedLimiter(app: FastifyInstance, limit: KeyedLimit): Limiter {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => keys.get(req) ?? `ip:${req.ip}`,
  });
  return async (req) => {
    const key = await limit.key(req);
    if (key === null) return;
    keys.set(req, key);
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('tooManyRequests', 'Too many requests; try again later', undefined, {
        'retry-after': String(Math.max(1, result.ttlInSeconds)),
      });
    }
  };
}

/** The signed-in caller's account (row id from the token), else the address. */
export async function callerKey(
  app: { auth: { claimsOf(req: FastifyRequest): Promise<{ sub: string } | null> } },
  req: FastifyRequest,
): Promise<string> {
  const claims = await app.auth.claimsOf(req);
  return claims ? `user:${claims.sub}` : `ip:${req.ip}`;
}
