import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { findUserByAccount, findUserById, groupsOfUser, type UserRow } from '../users/repository';
import type { LoginThrottle } from './login-throttle';
import { verifyDummy, verifyPassword } from './passwords';
import { isBlocked } from './permissions';
import type { TokenPair, TokenService } from './tokens';

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
  ) {}

  /**
   * Checks a password login. The same 401 answers an unknown account and a wrong password, and
   * an unknown account still costs one argon2 verification. Suspension is revealed only to
   * someone who knows the password.
   */
  async login(username: string, password: string, address: string): Promise<TokenPair> {
    const verdict = await this.throttle.check(username, address);
    if (verdict.blocked) {
      throw new AppError('tooManyRequests', 'Too many failed logins; try again later', undefined, {
        'retry-after': String(verdict.retryAfterS),
      });
    }
    const user = await findUserByAccount(this.db, username);
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyDummy(password);
    if (!user || !ok) {
      await this.throttle.recordFailure(username, address);
      throw new AppError('invalidAccountOrPassword', 'Invalid account or password');
    }
    await this.assertMayLogIn(user);
    await this.throttle.clearAccount(username);
    return this.tokens.issuePair(user);
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

  async refresh(refreshToken: string): Promise<TokenPair> {
    const spent = await this.tokens.spendRefresh(refreshToken);
    if (!spent.ok) throw new AppError('invalidRefreshToken', 'Invalid refresh token');
    const user = await findUserById(this.db, spent.userId);
    if (!user) throw new AppError('invalidRefreshToken', 'Invalid refresh token');
    try {
      await this.assertMayLogIn(user);
    } catch (e) {
      await this.tokens.revokeFamily(spent.familyId);
      throw e;
    }
    return this.tokens.issuePair(user, spent.familyId);
  }

  async logout(refreshToken: string): Promise<void> {
    await this.tokens.revokeByToken(refreshToken);
  }

  /** The caller of a bearer token, or null. The token's family must still be alive. */
  async fromToken(token: string): Promise<Authenticated | null> {
    const claims = await this.tokens.verifyAccess(token);
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

  /** The caller of this request, or a 401 unauthorized. */
  async require(request: FastifyRequest): Promise<Authenticated> {
    const token = bearerOf(request.headers.authorization);
    const auth = token ? await this.fromToken(token) : null;
    if (!auth) throw new AppError('unauthorized', 'Missing or invalid access token');
    return auth;
  }
}

export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,4096})\s*$/i.exec(header);
  return match?.[1] ?? null;
}
