import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { Role } from '../../contracts/entities';
import type { Db } from '../db/database';

const ISSUER = 'tomoni';
const AUDIENCE = 'tomoni-api';
/** Verified access tokens remembered at most (then forgotten all at once): a few MB. */
const VERIFIED_TOKENS_MAX = 10_000;

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
  { ok: true; pair: TokenPair } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Loads the user a refresh token belongs to and checks they may still sign in (throws when not).
 * Called before a new pair is made and before a grace-window answer is repeated.
 */
export type RefreshGate = (userId: string, familyId: string) => Promise<{ id: string; role: Role }>;

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
    /** Seconds a spent token still answers with the pair it was exchanged for (0: never). */
    private readonly graceS = 0,
  ) {
    this.sealKey = createHash('sha256').update('tomoni-refresh-successor:').update(secret).digest();
  }

  /** AES-256-GCM key for the stored successor pairs, derived from the signing secret. */
  private readonly sealKey: Buffer;

  /**
   * The HS256 key imported into WebCrypto once: handing jose the raw bytes imports it again on
   * every sign and verify (a quarter of a busy server's CPU, issue 10).
   */
  private hmacKey: Promise<CryptoKey> | undefined;
  private key(): Promise<CryptoKey> {
    this.hmacKey ??= crypto.subtle.importKey(
      'raw',
      new Uint8Array(this.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.hmacKey;
  }

  async signAccess(user: { id: string; role: Role }, familyId: string): Promise<string> {
    return new SignJWT({ role: user.role, fid: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.accessTtlS)
      .sign(await this.key());
  }

  /**
   * Access tokens whose signature has been checked, with their claims and expiry (ms). A page
   * sends the same token with each of its reads; the HMAC through WebCrypto cost about 7 % of a
   * busy server's CPU (issue 10). Only a byte-identical token hits, and only until its `exp`.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expMs: number }>();

  /** The claims of a valid, unexpired access token, or null. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expMs) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key(), {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const parsed = AccessClaims.safeParse(payload);
      if (!parsed.success) return null;
      if (payload.exp !== undefined) {
        if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
        this.verified.set(token, { claims: parsed.data, expMs: payload.exp * 1000 });
      }
      return parsed.data;
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
   * Exchanges a refresh token for a new pair of the same family. The spend is a conditional
   * update, so of two concurrent uses exactly one makes the new pair; the other (or a second tab
   * within the grace window) gets that same pair back, read from the spent row. A spent token
   * presented after the grace window is reuse: the whole family is revoked.
   */
  async rotate(refreshToken: string, gate: RefreshGate): Promise<RotateResult> {
    const hash = sha256(refreshToken);
    const now = new Date();
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['id', 'user_id', 'family_id', 'used_at', 'revoked_at', 'expires_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at !== null || row.used_at !== null) return this.replay(row.id, gate, now);
    if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };

    const user = await gate(row.user_id, row.family_id);
    const pair: TokenPair = {
      token: await this.signAccess(user, row.family_id),
      refreshToken: randomBytes(32).toString('base64url'),
    };
    const won = await this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now, successor: this.seal(pair) })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!spent) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({
          user_id: row.user_id,
          family_id: row.family_id,
          token_hash: sha256(pair.refreshToken),
          expires_at: new Date(now.getTime() + this.refreshTtlS * 1000),
        })
        .execute();
      // Successors older than the grace window will never be answered again: drop them.
      await trx
        .updateTable('refresh_tokens')
        .set({ successor: null })
        .where('family_id', '=', row.family_id)
        .where('successor', 'is not', null)
        .where('used_at', '<', new Date(now.getTime() - this.graceS * 1000))
        .execute();
      return true;
    });
    if (won) return { ok: true, pair };
    // A concurrent use of the same token spent it first: answer with what that one made.
    return this.replay(row.id, gate, now);
  }

  /** A spent (or revoked) token: the same pair within the grace window, otherwise reuse. */
  private async replay(id: string, gate: RefreshGate, now: Date): Promise<RotateResult> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['user_id', 'family_id', 'used_at', 'revoked_at', 'successor'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const inGrace =
      row.revoked_at === null &&
      row.used_at !== null &&
      now.getTime() - row.used_at.getTime() <= this.graceS * 1000;
    const pair = inGrace && row.successor ? this.open(row.successor) : null;
    if (pair) {
      await gate(row.user_id, row.family_id);
      return { ok: true, pair };
    }
    await this.revokeFamily(row.family_id);
    return { ok: false, reason: 'reused' };
  }

  private seal(pair: TokenPair): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  private open(sealed: string): TokenPair | null {
    try {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const parsed = z
        .object({ token: z.string(), refreshToken: z.string() })
        .safeParse(JSON.parse(text.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      // Sealed under another secret (JWT_SECRET changed): no grace answer, treated as reuse.
      return null;
    }
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date(), successor: null })
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

  /** The family of a refresh token that may still be exchanged (unspent or in grace), or null. */
  async liveFamilyOf(refreshToken: string): Promise<string | null> {
    const now = Date.now();
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'used_at', 'revoked_at', 'expires_at'])
      .where('token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at.getTime() <= now) return null;
    if (row.used_at !== null && now - row.used_at.getTime() > this.graceS * 1000) return null;
    return row.family_id;
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
