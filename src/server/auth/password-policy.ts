import type { Role } from '../../contracts/entities';
import { minPasswordLength } from '../../contracts/password';

/** Why a new password is refused; null when it is acceptable. */
export type PasswordProblem = 'tooShort' | 'repeated' | 'common';

let common: Promise<ReadonlySet<string>> | undefined;

/**
 * The common and breached passwords of zxcvbn-ts (@zxcvbn-ts/language-common: ~49,000 entries
 * from leaked-password frequency lists, MIT). Loaded on first use only, on the server only.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set(m.dictionary['passwords-common'].map((p) => String(p).toLowerCase())),
  );
  return common;
}

/** Whether the password is on the common/breached list (ignoring case). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Checks a new password for an account of `role` against the policy of issue 8. */
export async function passwordProblem(
  password: string,
  role: Role,
): Promise<PasswordProblem | null> {
  if (password.length < minPasswordLength(role)) return 'tooShort';
  if (/^(.)\1*$/su.test(password)) return 'repeated';
  if (await isCommonPassword(password)) return 'common';
  return null;
}
