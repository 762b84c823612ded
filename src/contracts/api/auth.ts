import * as z from 'zod/mini';
import { Me } from '../user-entities';

/** Account names and passwords are bounded so a huge body is refused before any hashing. */
const AccountName = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
const PasswordInput = z.string().check(z.minLength(1), z.maxLength(256));

/** POST /v1/auth/login and POST /v2/auth. */
export const LoginRequest = z.object({ username: AccountName, password: PasswordInput });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const AuthTokens = z.object({ token: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof AuthTokens>;

/** POST /v1/auth/refresh: exchanges a refresh token for a new pair; the old one is spent. */
const RefreshToken = z.string().check(z.minLength(1), z.maxLength(512));
export const RefreshRequest = z.object({ refreshToken: RefreshToken });

/** GET /v1/auth/check. */
export const AuthCheckResponse = z.object({ isAuthenticated: z.literal(true), userId: z.string() });

/**
 * GET /v2/auth (bearer token): a token check. It answers the presented access token and never
 * mints a refresh token (issue 8, item 10); `refreshToken` is kept optional for the spec's shape.
 */
export const V2AuthResponse = z.object({
  isAuthenticated: z.boolean(),
  token: z.string(),
  refreshToken: z.optional(z.string()),
});

/** POST /v1/user/{id}/unlock: a teacher clears a pupil's login delays; how many failures went. */
export const UnlockAccountResponse = z.object({ cleared: z.int().check(z.nonnegative()) });
export type UnlockAccountResponse = z.infer<typeof UnlockAccountResponse>;

/** POST /v1/auth/logout: revokes the refresh token family. */
export const LogoutRequest = z.object({ refreshToken: RefreshToken });

export const MeResponse = z.object({ item: Me });
