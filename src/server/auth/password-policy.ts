import { isStaffRole, type Role } from '../../contracts/entities';
import { minPasswordLength } from '../../contracts/password';
import { AppError } from '../http/errors';

/** Why a new password is refused; null when it is acceptable. */
export type PasswordProblem = 'tooShort' | 'repeated' | 'common' | 'guessable';

/** What the person setting a password is known by: words a guesser tries first. */
export interface PasswordContext {
  account?: string | null;
  displayName?: string | null;
  school?: string | null;
}

/** Words every guesser of a Tomoni account tries, whoever the account is. */
const SERVICE_WORDS = ['tomoni', 'teacher', 'student', 'school', 'sensei', 'password'];

/**
 * The lowest zxcvbn score (0–4) a new password must reach: 2 for pupils ("protection from
 * unthrottled online guessing"; logins are throttled and hashed with argon2id, and 8 characters
 * are their minimum), 3 for staff roles, whose 12 characters guard a whole class.
 */
const minPasswordScore = (role: Role): number => (isStaffRole(role) ? 3 : 2);

interface Checker {
  common: ReadonlySet<string>;
  score(password: string, inputs: string[]): number;
}

let checker: Promise<Checker> | undefined;

/**
 * How the lists are imported; a test replaces `importLists` to stand for a broken install and
 * calls `forget` to start from "not loaded yet" (test files may share this module).
 */
export const passwordListLoader = {
  importLists: () => Promise.all([import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/core')]),
  forget: (): void => {
    checker = undefined;
  },
};

/**
 * The common and breached passwords of zxcvbn-ts (@zxcvbn-ts/language-common: ~49,000 entries
 * from leaked-password frequency lists, MIT) and the zxcvbn estimator over them
 * (@zxcvbn-ts/core). Loaded on first use only, on the server only. A failed load is not kept:
 * the next call tries again (issue 25, hole 10), so one bad start does not turn every later login
 * into a 500 until the server restarts.
 */
function loadChecker(): Promise<Checker> {
  checker ??= (async () => {
    const [common, core] = await passwordListLoader.importLists();
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return {
      common: new Set(common.dictionary['passwords-common'].map((p) => String(p).toLowerCase())),
      score: (password: string, inputs: string[]) => zxcvbn.check(password, inputs).score,
    };
  })().catch((error: unknown) => {
    checker = undefined;
    throw error;
  });
  return checker;
}

/** Whether the password is on the common/breached list (ignoring case). */
async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadChecker()).common.has(password.toLowerCase());
}

/** The words of the context and the service, lower case, each split on non-letters too. */
function userInputs(context: PasswordContext): string[] {
  const words = new Set<string>(SERVICE_WORDS);
  for (const value of [context.account, context.displayName, context.school]) {
    const v = value?.trim().toLowerCase();
    if (!v) continue;
    words.add(v);
    for (const part of v.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
    // "student01" is guessed as "student" + digits.
    const letters = v.replace(/\d+$/u, '');
    if (letters.length >= 3) words.add(letters);
  }
  return [...words];
}

/**
 * How guessable the password is (zxcvbn score 0–4) for someone who knows the context: the lower of
 * the whole password's score and the score of what is left once the context's words are taken
 * out ("Teacher2026!" is "2026!" to a guesser who knows the account is a teacher's).
 */
async function guessScore(password: string, context: PasswordContext): Promise<number> {
  const { score } = await loadChecker();
  const inputs = userInputs(context);
  let rest = password.toLowerCase();
  for (const word of [...inputs].sort((a, b) => b.length - a.length))
    rest = rest.split(word).join('');
  const restScore = rest.length === 0 ? 0 : score(rest, inputs);
  return Math.min(score(password, inputs), restScore);
}

/**
 * Checks a new password for an account of `role` against the policy of issue 8, strengthened by
 * issue 25: besides the length, the one repeated character and the common list, a password a
 * guesser who knows the account's names would find (zxcvbn score below minPasswordScore with
 * the account name, display name, school and the service's words as user inputs) is refused.
 * `strength: false` leaves the zxcvbn estimate out (the login-time check of old passwords).
 */
export async function passwordProblem(
  password: string,
  role: Role,
  context: PasswordContext = {},
  options: { strength?: boolean } = {},
): Promise<PasswordProblem | null> {
  if (password.length < minPasswordLength(role)) return 'tooShort';
  if (/^(.)\1*$/su.test(password)) return 'repeated';
  if (await isCommonPassword(password)) return 'common';
  if (options.strength !== false && (await guessScore(password, context)) < minPasswordScore(role))
    return 'guessable';
  return null;
}

/**
 * The one check every place that sets a password goes through: 400 commonPassword (on the list,
 * or guessable from the account's own names) or weakPassword (too short for the role, one
 * repeated character).
 */
export async function assertPasswordPolicy(
  password: string,
  role: Role,
  context: PasswordContext,
): Promise<void> {
  const problem = await passwordProblem(password, role, context);
  if (problem === 'common' || problem === 'guessable') {
    throw new AppError(
      'commonPassword',
      problem === 'common'
        ? 'This password is too common or known from a breach'
        : 'This password is too easy to guess from the account, its names or the service',
      [{ path: 'password', message: problem }],
    );
  }
  if (problem) {
    throw new AppError('weakPassword', 'The new password is too short or too simple', [
      { path: 'password', message: `at least ${minPasswordLength(role)} characters` },
    ]);
  }
}
