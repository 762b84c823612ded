import * as z from 'zod/mini';
import { OAuthPopupMessage, type OAuthFailure, type OAuthProvider } from '@/contracts/api/oauth';
import type { LoginErrorKey } from './login-errors';

/** What the session site posts to this window after signing the user in there. */
const SessionSiteMessage = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
  refreshToken: z.optional(z.string().check(z.minLength(1), z.maxLength(512))),
});
export type SessionSiteToken = z.infer<typeof SessionSiteMessage>;

/** The parts of a MessageEvent these checks read (so they can be tested without a DOM). */
export interface WindowMessage {
  origin: string;
  data: unknown;
  source?: unknown;
}

/**
 * A token from the session site, accepted only when the message comes from the configured origin
 * (`VITE_SESSION_SITE_ORIGIN`); with no origin configured nothing is ever accepted.
 */
export function sessionSiteToken(
  message: WindowMessage,
  allowedOrigin: string | null,
): SessionSiteToken | null {
  if (!allowedOrigin || message.origin !== allowedOrigin) return null;
  const parsed = SessionSiteMessage.safeParse(message.data);
  return parsed.success ? parsed.data : null;
}

/**
 * The result of our own sign-in popup: only from this app's origin and from the popup window we
 * opened, so another tab or frame cannot hand the page a token.
 */
export function oauthPopupResult(
  message: WindowMessage,
  ownOrigin: string,
  popup: unknown,
): OAuthPopupMessage | null {
  if (message.origin !== ownOrigin || popup === null || message.source !== popup) return null;
  const parsed = OAuthPopupMessage.safeParse(message.data);
  return parsed.success ? parsed.data : null;
}

/** The login form's message for a failed popup; null when the user simply closed it. */
export function providerErrorKey(
  provider: OAuthProvider,
  reason: OAuthFailure,
): LoginErrorKey | null {
  switch (reason) {
    case 'unlinked':
      return provider === 'google' ? 'googleUnlinked' : 'microsoftUnlinked';
    case 'alreadyLinked':
      return 'alreadyLinked';
    case 'suspendedTeacher':
    case 'suspendedMember':
      return reason;
    case 'cancelled':
      return null;
    case 'failed':
      return 'unknown';
  }
}
