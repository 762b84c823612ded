import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { OidcClientConfig } from '../config';
import { AppError } from '../http/errors';

const OIDC_PROVIDERS = ['google', 'microsoft'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

/** What a sign-in attempt is for: signing in, or linking the identity to the signed-in user. */
export type OidcMode = 'login' | 'link';

/** The part of the discovery document this client uses. */
const Discovery = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof Discovery>;

const TokenResponse = z.object({ id_token: z.string().min(1) });

/** A verified identity: who the provider says signed in. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  /** The provider vouches for the address (`email_verified`); a school roster trusts only these. */
  emailVerified: boolean;
}

/** The pending attempt, kept in a signed cookie between the start and the callback. */
const PendingClaims = z.object({
  provider: z.enum(OIDC_PROVIDERS),
  mode: z.enum(['login', 'link']),
  state: z.string().min(16),
  nonce: z.string().min(16),
  verifier: z.string().min(43),
  /** users.id of the signed-in user, for link mode. */
  uid: z.string().nullable(),
});
export type PendingAttempt = z.infer<typeof PendingClaims>;

const PENDING_TTL_S = 600;
const PENDING_AUDIENCE = 'tomoni-oidc-pending';
/** Allowed clock difference with the provider when checking exp/iat. */
const CLOCK_TOLERANCE_S = 30;
/** Asymmetric algorithms only: an HS256 id_token would be signed with our own client secret. */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** The refusal every bad id_token gets: which check failed stays in the log, not the answer. */
const invalidToken = () => new AppError('unauthorized', 'The identity token could not be verified');

/**
 * OpenID Connect relying party for the configured providers: authorization-code flow with PKCE,
 * state and nonce; the id_token is verified with jose against the issuer's JWKS found through
 * discovery (signature, issuer, audience = client id, expiry, nonce).
 */
export class OidcService {
  private readonly discoveries = new Map<OidcProviderName, Promise<Discovery>>();
  private readonly jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly clients: Record<OidcProviderName, OidcClientConfig | null>,
    private readonly publicUrl: string | undefined,
    /** Signs the pending-attempt cookie; the app's JWT secret. */
    private readonly secret: Uint8Array,
  ) {}

  enabled(): OidcProviderName[] {
    return OIDC_PROVIDERS.filter((name) => this.clients[name] !== null);
  }

  client(provider: OidcProviderName): OidcClientConfig {
    const client = this.clients[provider];
    if (!client) throw new AppError('notFound', `${provider} sign-in is not configured`);
    return client;
  }

  redirectUri(provider: OidcProviderName): string {
    return `${this.publicUrl ?? ''}/v1/oauth/${provider}/callback`;
  }

  /** Where the popup's script may post its result: the app's own origin. */
  appOrigin(): string {
    return this.publicUrl ?? '';
  }

  private discover(provider: OidcProviderName): Promise<Discovery> {
    const cached = this.discoveries.get(provider);
    if (cached) return cached;
    const { issuer } = this.client(provider);
    const loading = (async () => {
      const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`discovery ${url}: ${res.status}`);
      const parsed = Discovery.safeParse(await res.json());
      if (!parsed.success) throw new Error(`discovery ${url}: bad document`);
      // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
      if (parsed.data.issuer !== issuer) throw new Error(`discovery ${url}: issuer mismatch`);
      return parsed.data;
    })();
    this.discoveries.set(provider, loading);
    // A failed discovery is retried on the next attempt instead of being cached.
    loading.catch(() => this.discoveries.delete(provider));
    return loading;
  }

  /** A new attempt: the provider URL to open and the signed cookie value that remembers it. */
  async start(
    provider: OidcProviderName,
    mode: OidcMode,
    userId: string | null,
  ): Promise<{ url: string; pending: PendingAttempt; cookie: string }> {
    const { clientId } = this.client(provider);
    const discovery = await this.discover(provider);
    const pending: PendingAttempt = {
      provider,
      mode,
      state: random(24),
      nonce: random(24),
      verifier: random(48),
      uid: mode === 'link' ? userId : null,
    };
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: this.redirectUri(provider),
      scope: 'openid email',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: createHash('sha256').update(pending.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(provider === 'microsoft' ? { response_mode: 'query' } : {}),
    }).toString();
    const cookie = await new SignJWT({ ...pending })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(PENDING_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + PENDING_TTL_S)
      .sign(this.secret);
    return { url: url.toString(), pending, cookie };
  }

  /** The attempt remembered by the cookie, or null when it is missing, forged or expired. */
  async readPending(cookie: string | undefined): Promise<PendingAttempt | null> {
    if (!cookie) return null;
    try {
      const { payload } = await jwtVerify(cookie, this.secret, {
        audience: PENDING_AUDIENCE,
        algorithms: ['HS256'],
      });
      const parsed = PendingClaims.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Exchanges the authorization code (with the PKCE verifier) for the provider's id_token. */
  async exchangeCode(provider: OidcProviderName, code: string, verifier: string): Promise<string> {
    const { clientId, clientSecret } = this.client(provider);
    const discovery = await this.discover(provider);
    const res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(
          `${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`,
        ).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri(provider),
        code_verifier: verifier,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw invalidToken();
    const parsed = TokenResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw invalidToken();
    return parsed.data.id_token;
  }

  /**
   * Verifies an id_token: signature against the issuer's JWKS, issuer, audience (our client id),
   * expiry and the nonce of this attempt. Any failure is a 401 unauthorized.
   */
  async verifyIdToken(
    provider: OidcProviderName,
    idToken: string,
    nonce: string,
  ): Promise<OidcIdentity> {
    const { clientId } = this.client(provider);
    const discovery = await this.discover(provider);
    let jwks = this.jwks.get(discovery.jwks_uri);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
      this.jwks.set(discovery.jwks_uri, jwks);
    }
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        issuer: discovery.issuer,
        audience: clientId,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
      });
      // Several audiences are allowed by the spec only when azp names us (OIDC Core §3.1.3.7).
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
        throw invalidToken();
      }
      if (payload.nonce !== nonce) throw invalidToken();
      if (typeof payload.sub !== 'string' || payload.sub === '') throw invalidToken();
      const email = typeof payload.email === 'string' ? payload.email.slice(0, 320) : null;
      return {
        issuer: discovery.issuer,
        subject: payload.sub,
        email,
        emailVerified: payload.email_verified === true,
      };
    } catch (e) {
      if (e instanceof AppError) throw e;
      if (e instanceof joseErrors.JOSEError) throw invalidToken();
      throw e;
    }
  }
}
