import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { findUserByAccount, findUserById, groupsOfUser, type UserRow } from '../users/repository';
import type { LoginThrottle } from './login-throttle';
import { passwordProblem } from './password-policy';
import { verifyDummy, verifyPassword } from './passwords';
import { isBlocked } from './permissions';
import type { AccessClaims, TokenPair, TokenService } from './tokens';
import { UserCache } from './user-cache';

export interface Authenticated {
  user: UserRow;
  /** The refresh-token family of the access token (to keep it alive on a password change). */
  familyId: string;
}

/** Login, refresh, logout, and "who is calling" for routes and the WebSocket hub. */
export class AuthService {
  constructor(
    private readonly db: Db,
    readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    /** Milliseconds `require` may reuse a caller's row (0: never); see user-cache.ts. */
    userCacheMs = 0,
  ) {
    this.users = new UserCache(userCacheMs);
    this.answers = new UserCache<unknown>(userCacheMs);
  }

  private readonly users: UserCache;
  /** Answers derived from a caller's row and groups (GET /v1/me), cleared with the rows. */
  private readonly answers: UserCache<unknown>;
  /** Each request's token is verified once, whoever asks (rate limiter, `require`). */
  private readonly verified = new WeakMap<FastifyRequest, Promise<AccessClaims | null>>();
  private readonly callers = new WeakMap<FastifyRequest, Promise<Authenticated>>();

  /** The verified claims of the request's bearer token (memoised per request), or null. */
  claimsOf(request: FastifyRequest): Promise<AccessClaims | null> {
    let claims = this.verified.get(request);
    if (!claims) {
      const token = bearerOf(request.headers.authorization);
      claims = token ? this.tokens.verifyAccess(token) : Promise.resolve(null);
      this.verified.set(request, claims);
    }
    return claims;
  }

  /**
   * Something may have changed a user, a group or a token family (any API call that is not a
   * read): cached callers are looked up again. Called before the change's answer goes out.
   */
  changed(): void {
    this.users.clear();
    this.answers.clear();
  }

  /**
   * `load()`, or its value from the last moment when nothing has changed since (the same rules as
   * the caller's row: cleared by any API change, at most AUTH_USER_CACHE_MS old). For answers that
   * depend only on the caller's own row, school and groups.
   */
  async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.answers.enabled) return load();
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit as T;
    const generation = this.answers.begin();
    const value = await load();
    this.answers.set(key, value, generation);
    return value;
  }

  /**
   * Checks a password login. The same 401 answers an unknown account and a wrong password, and
   * an unknown account still costs one argon2 verification. Suspension is revealed only to
   * someone who knows the password. The throttle (login-throttle.ts) answers 429 with
   * Retry-After while the account, or this account from this address, is inside a delay; the
   * password is then not checked at all.
   */
  async login(
    username: string,
    password: string,
    address: string,
    /** The device id of the browser's device cookie for this account, if it has one. */
    device: string | null = null,
  ): Promise<TokenPair> {
    return this.throttle.serialize(username, async () => {
      const verdict = await this.throttle.check(username, address, device);
      if (verdict.blocked) throw tooManyLogins(verdict.retryAfterS);
      const user = await findUserByAccount(this.db, username);
      if (!user) {
        const byAddress = await this.throttle.checkUnknown(address);
        if (byAddress.blocked) throw tooManyLogins(byAddress.retryAfterS);
      }
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : await verifyDummy(password);
      if (!user || !ok) {
        await this.throttle.recordFailure(username, address, user !== undefined, device);
        throw new AppError('invalidAccountOrPassword', 'Invalid account or password');
      }
      await this.assertMayLogIn(user);
      await this.throttle.clearPair(username, address, device);
      // A password from before the policy of issue 8 still signs in, and the change-password
      // prompt then asks for a new one (docs/decisions/0118-password-rules.md).
      if (
        !user.is_password_unconfirmed &&
        (await passwordProblem(password, user.role, {}, { strength: false }))
      ) {
        await this.db
          .updateTable('users')
          .set({ is_password_unconfirmed: true })
          .where('id', '=', user.id)
          .execute();
      }
      return this.tokens.issuePair(user);
    });
  }

  /** A teacher's unlock: clears every login delay of the account. Returns the failures cleared. */
  async unlock(account: string): Promise<number> {
    return this.throttle.clearAccount(account);
  }

  /** 403 suspended for suspended/withdrawn accounts or when every group is suspended. */
  async assertMayLogIn(user: UserRow): Promise<void> {
    const groups = await groupsOfUser(this.db, user.id);
    const blocked = isBlocked({
      status: user.status,
      role: user.role,
      groups: groups.map((g) => ({ id: g.id, confirmType: g.confirm_type })),
    });
    if (blocked) {
      // The client picks login.error.suspendedTeacher when the message mentions "Teacher".
      throw new AppError(
        'suspended',
        user.role === 'teacher' ? 'Teacher account is suspended' : 'Account is suspended',
      );
    }
  }

  /** Rotates a refresh token; see TokenService.rotate for the grace window. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const result = await this.tokens.rotate(refreshToken, async (userId, familyId) => {
      const user = await findUserById(this.db, userId);
      if (!user) throw new AppError('invalidRefreshToken', 'Invalid refresh token');
      try {
        await this.assertMayLogIn(user);
      } catch (e) {
        await this.tokens.revokeFamily(familyId);
        throw e;
      }
      return user;
    });
    if (!result.ok) throw new AppError('invalidRefreshToken', 'Invalid refresh token');
    return result.pair;
  }

  async logout(refreshToken: string): Promise<void> {
    await this.tokens.revokeByToken(refreshToken);
  }

  /** The caller of a bearer token, or null. The token's family must still be alive. */
  async fromToken(token: string): Promise<Authenticated | null> {
    return this.fromClaims(await this.tokens.verifyAccess(token));
  }

  /** Always reads the database: the socket hub and sign-in checks never use the cache. */
  private async fromClaims(claims: AccessClaims | null): Promise<Authenticated | null> {
    if (!claims) return null;
    const user = await this.db
      .selectFrom('users')
      .selectAll('users')
      .where('users.id', '=', claims.sub)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', claims.fid)
            .where('refresh_tokens.user_id', '=', claims.sub)
            .where('refresh_tokens.revoked_at', 'is', null),
        ),
      )
      .executeTakeFirst();
    if (!user || user.status !== 'active') return null;
    return { user, familyId: claims.fid };
  }

  /**
   * The caller of this request, or a 401 unauthorized. The token is verified once per request
   * and an alive caller's row is reused for a moment (user-cache.ts).
   */
  require(request: FastifyRequest): Promise<Authenticated> {
    // Once per request: the access gate (http/access.ts) and the handler both ask.
    let caller = this.callers.get(request);
    if (!caller) {
      caller = this.lookUp(request);
      this.callers.set(request, caller);
    }
    return caller;
  }

  private async lookUp(request: FastifyRequest): Promise<Authenticated> {
    const claims = await this.claimsOf(request);
    if (!claims) throw unauthorized();
    const key = `${claims.sub}:${claims.fid}`;
    const cached = this.users.enabled ? this.users.get(key) : undefined;
    if (cached) return { user: cached, familyId: claims.fid };
    const generation = this.users.begin();
    const auth = await this.fromClaims(claims);
    if (!auth) throw unauthorized();
    this.users.set(key, auth.user, generation);
    return auth;
  }
}

const unauthorized = (): AppError =>
  new AppError('unauthorized', 'Missing or invalid access token');

const tooManyLogins = (retryAfterS: number): AppError =>
  new AppError('tooManyRequests', 'Too many failed logins; try again shortly', undefined, {
    'retry-after': String(retryAfterS),
  });

export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,4096})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
