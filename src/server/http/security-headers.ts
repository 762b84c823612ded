import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** API paths: their answers are per-user and never stored by a browser or a proxy. */
const API_PATH = /^\/(v0|v1|v2)(\/|$|\?)/;

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
  // REALTIME_BACKEND=firestore: the browser SDK talks to Firestore (WebChannel over https) and
  // signs in with the custom token, or on the emulator to its host:port over plain http.
  const firestore =
    config.realtime.backend !== 'firestore'
      ? []
      : config.realtime.emulatorHost
        ? [`http://${config.realtime.emulatorHost}`, `ws://${config.realtime.emulatorHost}`]
        : [
            'https://firestore.googleapis.com',
            'https://identitytoolkit.googleapis.com',
            'https://securetoken.googleapis.com',
          ];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // WebAssembly compilation only (the HEIC decoder); string eval stays forbidden. YouTube's
    // IFrame Player API script (iframe_api and the widget script it adds, both on www.youtube.com)
    // plays YOUTUBE videos on the watch page (issue 14); it is loaded only there.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://www.youtube.com'],
    // Mantine writes style attributes and <style> tags at runtime.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: unique(["'self'", 'data:', 'blob:', ...media]),
    fontSrc: ["'self'", 'data:'],
    // hls.js plays through MediaSource (blob:); videos may also come from a configured CDN.
    mediaSrc: unique(["'self'", 'blob:', ...media]),
    // hls.js fetches playlists and segments with XHR, so the media origins are here too.
    // The browser's Sentry DSN receives its error reports.
    connectSrc: unique([
      "'self'",
      ...ws,
      ...media,
      ...oidc,
      ...firestore,
      ...(config.errorReporting.client ? [originOf(config.errorReporting.client.dsn)] : []),
      ...config.csp.connectOrigins,
    ]),
    workerSrc: ["'self'", 'blob:'],
    // The policy page embeds a 16:9 video; the watch page's YouTube player is an iframe.
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

/**
 * Headers that only mean something on a document (a page, an SVG, a worker's script): the page
 * policy, framing, the opener and agent-cluster rules, HSTS (a browser meets it on the first
 * page), and the legacy X- ones. Scripts, styles, JSON, fonts and raster images are never rendered
 * as documents, yet carried ~1 kB of them each: 35 responses on /login (issue 10).
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Content types a browser only ever uses as a subresource (never as a document or a worker). */
const SUBRESOURCE_TYPE =
  /^(application\/json|application\/javascript|text\/javascript|text\/css|font\/|image\/(png|jpeg|webp|avif|gif|x-icon|vnd\.microsoft\.icon))/i;

/** What an API answer or an error keeps: nothing may load into it, nothing may frame it. */
const SUBRESOURCE_CSP = "default-src 'none';frame-ancestors 'none'";

/**
 * Keeps helmet's document headers on documents only. Every response keeps `nosniff` and
 * `Cross-Origin-Resource-Policy` (they guard subresources). JSON answers keep a short policy
 * (`SUBRESOURCE_CSP`) in case one is opened as a page; a worker's script keeps the whole set, since
 * its response headers are the worker's policy.
 */
export function registerDocumentOnlyHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!SUBRESOURCE_TYPE.test(type) || /worker/i.test(request.url)) return payload;
    for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
    if (/^application\/json/i.test(type))
      void reply.header('content-security-policy', SUBRESOURCE_CSP);
    return payload;
  });
}
