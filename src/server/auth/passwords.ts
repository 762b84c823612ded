import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ~10 ms here. */
// 2 is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a 500 that tells apart accounts.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real check when the account does not exist, so the answer time does
 * not reveal which account names are taken.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('tomoni-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
