import { z } from 'zod';
import { AuthTokens } from '../../contracts/api/auth';
import {
  OAuthIdTokenRequest,
  OAuthLinkResponse,
  OAuthMode,
  OAuthProvider,
  OAuthProvidersResponse,
  OAuthStartResponse,
  type OAuthFailure,
  type OAuthPopupMessage,
} from '../../contracts/api/oauth';
import { OidcService, type OidcIdentity, type OidcProviderName } from '../auth/oidc';
import { linkedUserId, linkIdentity } from '../auth/oidc-identities';
import { schoolAccountFor } from '../users/school-sign-in';
import type { TokenPair } from '../auth/tokens';
import { AppError } from '../http/errors';
import { findUserById } from '../users/repository';
import type { App } from '../http/app-type';

const cookieName = (provider: OidcProviderName) => `tomoni_oidc_${provider}`;

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** JSON inside a <script type="application/json"> element: nothing may close the element. */
const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The popup's script (served from our origin, so the CSP's script-src 'self' allows it): hands
 * the result to the opener, for the app's origin only, and closes the popup.
 */
const POPUP_SCRIPT = `(function () {
  var el = document.getElementById('oauth-result');
  if (!el) return;
  var data = JSON.parse(el.textContent || '{}');
  if (window.opener && data.origin) {
    window.opener.postMessage(data.message, data.origin);
    window.close();
  }
})();
`;

const popupPage = (message: OAuthPopupMessage, origin: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Tomoni</title></head>
<body><p>You can close this window.</p>
<script type="application/json" id="oauth-result">${jsonForHtml({ message, origin })}</script>
<script src="/v1/oauth/popup.js"></script></body></html>`;

/** The reason a popup reports for an error thrown while finishing the attempt. */
function failureOf(error: unknown): OAuthFailure {
  if (!(error instanceof AppError)) return 'failed';
  switch (error.code) {
    case 'unlinked':
      return 'unlinked';
    case 'alreadyLinked':
      return 'alreadyLinked';
    case 'suspended':
      return error.message.includes('Teacher') ? 'suspendedTeacher' : 'suspendedMember';
    default:
      return 'failed';
  }
}

/**
 * Google and Microsoft sign-in (OpenID Connect, authorization code + PKCE, started by the
 * server). The popup returns to the callback, which verifies the id_token and posts the result
 * to the opener. POST/PUT with an id_token are the spec's calls for the same checks.
 */
export async function oauthRoutes(app: App, options: { secret: Uint8Array }): Promise<void> {
  const oidc = new OidcService(app.config.oidc, app.config.publicUrl, options.secret);
  const secureCookie = app.config.publicUrl?.startsWith('https:') ?? false;
  const Params = z.object({ provider: OAuthProvider });

  const setPendingCookie = (value: string, maxAge: number) =>
    [
      `${value}`,
      'Path=/',
      'HttpOnly',
      // Lax: the provider's redirect back to the callback is a top-level GET, which carries it.
      'SameSite=Lax',
      `Max-Age=${maxAge}`,
      ...(secureCookie ? ['Secure'] : []),
    ].join('; ');

  /**
   * Signs in with a verified identity: one already linked to a user, or — the first time — a
   * school address that a group's roster or domain names (users/school-sign-in.ts, issue 30),
   * which is then linked as if the pupil had linked it.
   */
  const signIn = async (identity: OidcIdentity): Promise<TokenPair> => {
    const linked = await linkedUserId(app.db, identity);
    const userId = linked ?? (await schoolAccountFor(app.db, identity));
    const user = userId ? await findUserById(app.db, userId) : undefined;
    if (!user) throw new AppError('unlinked', 'This account is not linked to any user');
    await app.auth.assertMayLogIn(user);
    if (!linked) await linkIdentity(app.db, identity, user.id);
    return app.auth.tokens.issuePair(user);
  };

  /** Links a verified identity to the user; 409 when it belongs to someone else. */
  const link = (identity: OidcIdentity, userId: string): Promise<void> =>
    linkIdentity(app.db, identity, userId);

  app.get(
    '/v2/oauth/providers',
    { schema: { response: { 200: OAuthProvidersResponse } } },
    async () => ({ items: oidc.enabled() }),
  );

  app.get('/v1/oauth/popup.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(POPUP_SCRIPT),
  );

  app.get(
    '/v1/oauth/:provider',
    {
      schema: {
        params: Params,
        querystring: z.object({ mode: z._default(OAuthMode, 'login') }),
        response: { 200: OAuthStartResponse },
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      oidc.client(provider);
      const userId = req.query.mode === 'link' ? (await app.auth.require(req)).user.id : null;
      const { url, pending, cookie } = await oidc.start(provider, req.query.mode, userId);
      void reply
        .header('set-cookie', setPendingCookie(`${cookieName(provider)}=${cookie}`, 600))
        .header('cache-control', 'no-store');
      return { item: { url, csrfToken: pending.state } };
    },
  );

  app.get(
    '/v1/oauth/:provider/callback',
    {
      schema: {
        params: Params,
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(256).optional(),
          error: z.string().max(256).optional(),
        }),
      },
    },
    async (req, reply) => {
      const { provider } = req.params;
      const pending = await oidc.readPending(readCookie(req.headers.cookie, cookieName(provider)));
      let message: OAuthPopupMessage;
      if (!pending || pending.provider !== provider || pending.state !== req.query.state) {
        // No attempt of this browser, or a forged/replayed callback.
        message = { type: 'tomoni.oauth', provider, result: 'failed', reason: 'failed' };
      } else if (req.query.error || !req.query.code) {
        message = { type: 'tomoni.oauth', provider, result: 'failed', reason: 'cancelled' };
      } else {
        try {
          const idToken = await oidc.exchangeCode(provider, req.query.code, pending.verifier);
          const identity = await oidc.verifyIdToken(provider, idToken, pending.nonce);
          if (pending.mode === 'link' && pending.uid) {
            await link(identity, pending.uid);
            message = { type: 'tomoni.oauth', provider, result: 'linked' };
          } else {
            const pair = await signIn(identity);
            message = { type: 'tomoni.oauth', provider, result: 'signedIn', ...pair };
          }
        } catch (e) {
          if (!(e instanceof AppError)) req.log.warn({ err: e }, 'oidc callback failed');
          message = { type: 'tomoni.oauth', provider, result: 'failed', reason: failureOf(e) };
        }
      }
      return (
        reply
          .header('set-cookie', setPendingCookie(`${cookieName(provider)}=`, 0))
          .header('cache-control', 'no-store')
          // Keeps window.opener across the provider → callback navigation (COOP would cut it).
          .header('cross-origin-opener-policy', 'unsafe-none')
          .type('text/html; charset=utf-8')
          .send(popupPage(message, oidc.appOrigin()))
      );
    },
  );

  /** The attempt an id_token call belongs to: the cookie's, with the matching csrfToken. */
  const pendingFor = async (
    provider: OidcProviderName,
    cookieHeader: string | undefined,
    csrfToken: string,
  ) => {
    oidc.client(provider);
    const pending = await oidc.readPending(readCookie(cookieHeader, cookieName(provider)));
    if (!pending || pending.provider !== provider || pending.state !== csrfToken) {
      throw new AppError('badRequest', 'No sign-in attempt matches this request');
    }
    return pending;
  };

  for (const prefix of ['/v1', '/v2']) {
    app.post(
      `${prefix}/oauth/:provider`,
      { schema: { params: Params, body: OAuthIdTokenRequest, response: { 200: AuthTokens } } },
      async (req, reply) => {
        const { provider } = req.params;
        const pending = await pendingFor(provider, req.headers.cookie, req.body.csrfToken);
        const identity = await oidc.verifyIdToken(provider, req.body.id_token, pending.nonce);
        const pair = await signIn(identity);
        void reply.header('set-cookie', setPendingCookie(`${cookieName(provider)}=`, 0));
        return pair;
      },
    );
  }

  app.put(
    '/v1/oauth/:provider',
    { schema: { params: Params, body: OAuthIdTokenRequest, response: { 200: OAuthLinkResponse } } },
    async (req, reply) => {
      const { user } = await app.auth.require(req);
      const { provider } = req.params;
      const pending = await pendingFor(provider, req.headers.cookie, req.body.csrfToken);
      if (pending.mode !== 'link' || pending.uid !== user.id) {
        throw new AppError('badRequest', 'This attempt was not started to link this user');
      }
      const identity = await oidc.verifyIdToken(provider, req.body.id_token, pending.nonce);
      await link(identity, user.id);
      void reply.header('set-cookie', setPendingCookie(`${cookieName(provider)}=`, 0));
      return { linked: true as const };
    },
  );
}
