import { moderateText } from './checks';

/**
 * Names seen so far and whether each is forbidden. Lists show the same few hundred names again
 * and again; the screening walks every abuse pattern, so each name is screened once. Cleared
 * whole when full (a bound on memory, not a cache policy worth more).
 */
const verdicts = new Map<string, boolean>();
const VERDICTS_MAX = 10_000;

/**
 * Whether a display name is forbidden: today's screening holds it. A name is screened when it is
 * set (refused there), so this catches the ones set before: imported or seeded accounts, and
 * names written before the word lists grew (docs/decisions/0121-login-names-and-withheld-names.md).
 */
export function isForbiddenName(displayName: string): boolean {
  let forbidden = verdicts.get(displayName);
  if (forbidden === undefined) {
    forbidden = moderateText(displayName).held;
    if (verdicts.size >= VERDICTS_MAX) verdicts.clear();
    verdicts.set(displayName, forbidden);
  }
  return forbidden;
}
