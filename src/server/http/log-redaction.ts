import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: never written to a log, whatever the route. */
const SECRET_PARAM = /([?&](?:token|access_token|refresh_token|refreshToken|id_token)=)[^&#]*/gi;

/** The URL with every credential-bearing query value replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]');
}

/**
 * Fastify's request serializer with the URL redacted (the default one logs `req.url` as is, and
 * `/ws?token=` put access tokens in the log).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
