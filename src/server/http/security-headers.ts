import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** API paths: their answers are per-user and never stored by a browser or a proxy. */
const API_PATH = /^\/(v1|v2)(\/|$|\?)/;

const originOf = (url: string): string => new URL(url).origin;

/** The ws(s) origin matching an http(s) origin (CSP's 'self' does not cover ws: in every browser). */
const wsOriginOf = (origin: string): string => origin.replace(/^http/, 'ws');

/** A Host header that can be written into a policy as is (no spaces, quotes or semicolons). */
const SAFE_HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;

/**
 * Without PUBLIC_URL the app's own ws(s) origin is the request's host: named exactly, so older
 * Safari (where 'self' does not match ws:) still reaches the hub.
 */
const wsOfRequest = (req: { headers: { host?: string | undefined } }): string => {
  const host = req.headers.host ?? '';
  return SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

/**
 * The Content-Security-Policy directives: every source is named (self, the configured media/CDN
 * origins, the public origin's ws(s) twin, the configured OpenID issuers and connect origins),
 * never a bare `https:` or `wss:`.
 */
export function cspDirectives(
  config: Config,
): Record<string, Array<string | ((req: IncomingMessage) => string)>> {
  const media = config.csp.mediaOrigins;
  const ws = config.publicUrl ? [wsOriginOf(config.publicUrl)] : [wsOfRequest];
  const oidc = [config.oidc.google, config.oidc.microsoft]
    .filter((c) => c !== null)
    .map((c) => originOf(c.issuer));
  const unique = <T>(values: T[]) => [...new Set(values)];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // WebAssembly compilation only (the HEIC decoder); string eval stays forbidden.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
    // Mantine writes style attributes and <style> tags at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: unique(["'self'", 'data:', 'blob:', ...media]),
    fontSrc: ["'self'", 'data:'],
    // hls.js plays through MediaSource (blob:); videos may also come from a configured CDN.
    mediaSrc: unique(["'self'", 'blob:', ...media]),
    // hls.js fetches playlists and segments with XHR, so the media origins are here too.
    connectSrc: unique(["'self'", ...ws, ...media, ...oidc, ...config.csp.connectOrigins]),
    workerSrc: ["'self'", 'blob:'],
    // The policy page embeds a 16:9 video.
    frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  };
}

/** Every /v1 and /v2 answer (errors included) carries `Cache-Control: no-store`. */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (API_PATH.test(request.url)) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
