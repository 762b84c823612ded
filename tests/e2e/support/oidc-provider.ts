import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next interaction signs in as (the id_token's `sub`). */
  signInAs(subject: string): void;
  /**
   * Signs an id_token with the provider's own key (or `key`), for the checks a code exchange
   * cannot reach: wrong audience, issuer, expiry, nonce. Defaults: this issuer, this client.
   */
  signIdToken(claims: JWTPayload, options?: { key?: CryptoKey; kid?: string }): Promise<string>;
  stop(): Promise<void>;
}

const KID = 'test-key-1';

/**
 * A real OpenID Connect provider (panva's `oidc-provider`) on 127.0.0.1 with one confidential
 * client. Its interaction signs in automatically as the chosen subject and grants `openid email`,
 * so a browser or a test walks through the real authorization-code flow with PKCE.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  subject?: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'tomoni-test-client';
  const clientSecret = options.clientSecret ?? 'tomoni-test-secret-0123456789abcdef';
  let subject = options.subject ?? 'google-subject-1';

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };

  const server: Server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // As Google and Microsoft do: the id_token itself carries the `email` scope's claims (a
    // school roster signs in by the verified address, issue 30).
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id, email: `${id}@example.test`, email_verified: true }),
    }),
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    // The "user" signs in at once and consents to what the client asked for.
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: subject, clientId });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: subject }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (e) {
        res.statusCode = 500;
        res.end(String(e));
      }
    })();
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      subject = next;
    },
    async signIdToken(claims, signOptions = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: clientId, iat: now, exp: now + 300, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: signOptions.kid ?? KID })
        .sign(signOptions.key ?? privateKey);
    },
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
