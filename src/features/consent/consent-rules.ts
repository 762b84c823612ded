import { COOKIE_CONSENT_AGE } from '@/contracts/constants';
import type { Me, Role } from '@/contracts/user-entities';

/** The fields of the user these rules read. */
export type ConsentUser = Pick<Me, '_id' | 'role' | 'cookie' | 'birthYear'>;

/** What analytics receives: the user id and role, or an empty (anonymous) event. */
export type AnalyticsEvent = { userId: string; role: Role } | Record<string, never>;

/** Staff roles are adults by their job; the others are pupils or former pupils. */
const ADULT_ROLES: ReadonlySet<Role> = new Set(['admin', 'staff', 'teacher']);

/** /session/{id}/watch and /sessions/{id}/watch, with or without a trailing slash. */
export function isWatchPath(pathname: string): boolean {
  return /^\/sessions?\/[^/]+\/watch\/?$/.test(pathname);
}

/**
 * Whether the user is certainly aged 15 or older. Only the birth year is known, so the youngest
 * possible age counts (born in 2011: 14 until the birthday in 2026, so not yet in 2026). An
 * unknown birth year counts as under 15, except for staff roles
 * (docs/decisions/0106-cookie-consent-and-analytics.md).
 */
export function isConsentAge(user: Pick<ConsentUser, 'role' | 'birthYear'>, now: Date): boolean {
  if (user.birthYear === null) return ADULT_ROLES.has(user.role);
  const youngestAge = now.getFullYear() - user.birthYear - 1;
  return youngestAge >= COOKIE_CONSENT_AGE;
}

/**
 * The spec's banner rule: the cookie answer is still null and the page is not a watch page;
 * only users aged 15 or older are asked (younger users are never asked, and nothing personal
 * is ever sent for them).
 */
export function shouldShowConsentBanner(
  user: ConsentUser | undefined,
  pathname: string,
  now: Date,
): boolean {
  if (!user || user.cookie !== null) return false;
  if (isWatchPath(pathname)) return false;
  return isConsentAge(user, now);
}

/**
 * The analytics event for this moment, or null for none at all:
 * - no user or no token: an empty event;
 * - under 15 (see isConsentAge): an empty event, never the id or role;
 * - approved: the user id and role;
 * - refused, or not answered yet: nothing is sent.
 */
export function analyticsEventFor(
  user: ConsentUser | undefined,
  hasToken: boolean,
  now: Date,
): AnalyticsEvent | null {
  if (!user || !hasToken) return {};
  if (!isConsentAge(user, now)) return {};
  if (user.cookie === 'approved') return { userId: user._id, role: user.role };
  return null;
}
