import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { Role } from '../../contracts/entities';
import type { Db } from '../db/database';

const ISSUER = 'tomoni';
const AUDIENCE = 'tomoni-api';

const AccessClaims = z.object({
  sub: z.string().min(1),
  role: Role,
  /** The refresh-token family this access token was issued with. */
  fid: z.string().min(1),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export type RotateResult =
  | { ok: true; userId: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Access tokens are short-lived HS256 JWTs (sub = user row id, role, family). Refresh tokens are
 * opaque random strings stored only as sha256, rotated on every use; presenting a spent or
 * revoked one revokes its whole family, so a stolen token dies with the legitimate one.
 */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    private readonly accessTtlS: number,
    private readonly refreshTtlS: number,
  ) {}

  async signAccess(user: { id: string; role: Role }, familyId: string): Promise<string> {
    return new SignJWT({ role: user.role, fid: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtlS)
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired access token, or null. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const parsed = AccessClaims.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** A new pair; a new family unless one is given (rotation keeps the family). */
  async issuePair(
    user: { id: string; role: Role },
    familyId: string = randomUUID(),
  ): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('refresh_tokens')
      .values({
        user_id: user.id,
        family_id: familyId,
        token_hash: sha256(refreshToken),
        expires_at: new Date(Date.now() + this.refreshTtlS * 1000),
      })
      .execute();
    return { token: await this.signAccess(user, familyId), refreshToken };
  }

  /**
   * Spends a refresh token. The update is conditional, so two concurrent uses of one token
   * cannot both succeed: the loser is treated as reuse.
   */
  async spendRefresh(refreshToken: string): Promise<RotateResult> {
    const hash = sha256(refreshToken);
    const now = new Date();
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'family_id'])
      .executeTakeFirst();
    if (spent) return { ok: true, userId: spent.user_id, familyId: spent.family_id };

    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'used_at', 'revoked_at', 'expires_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null || row.revoked_at !== null) {
      await this.revokeFamily(row.family_id);
      return { ok: false, reason: 'reused' };
    }
    return { ok: false, reason: 'expired' };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes the family a refresh token belongs to (logout). False when the token is unknown. */
  async revokeByToken(refreshToken: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    if (!row) return false;
    await this.revokeFamily(row.family_id);
    return true;
  }

  /** Signs a user out everywhere except, optionally, one family (the one changing the password). */
  async revokeAllForUser(userId: string, exceptFamilyId?: string): Promise<void> {
    let q = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptFamilyId) q = q.where('family_id', '<>', exceptFamilyId);
    await q.execute();
  }

  /** Whether the family of an access token is still alive (logout and reuse end it at once). */
  async isFamilyActive(familyId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
