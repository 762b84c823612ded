import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * C0 controls except tab, line feed and carriage return, DEL, and the C1 controls. NUL is
 * refused by PostgreSQL in text (it answered 500); the others are invisible and have no place in
 * anything a person types. Tabs and line breaks stay: reflections and feedback are multi-line.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The dotted path of the first string (or object key) holding a forbidden control character. */
function findControlChar(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN_CONTROL.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findControlChar(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (hit) return hit;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key;
    if (FORBIDDEN_CONTROL.test(key)) return here;
    const hit = findControlChar(inner, here, depth + 1);
    if (hit) return hit;
  }
  return null;
}

function check(request: FastifyRequest): void {
  const hit =
    findControlChar(request.params, 'params') ??
    findControlChar(request.query, 'querystring') ??
    findControlChar(request.body, '');
  if (hit !== null) {
    throw new AppError('badRequest', 'Control characters are not allowed', [
      { path: hit, message: 'contains a control character' },
    ]);
  }
}

/**
 * One guard for every route (registered on the root before the routes, so a route added later is
 * covered): a path parameter, query value or JSON body string with a control character is a 400
 * badRequest naming the field, before any contract or database sees it.
 */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
