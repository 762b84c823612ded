import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

const KEY = 'jwt_secret';

/**
 * The HS256 key: JWT_SECRET when set, else a random one generated on the first start and kept in
 * app_settings so a restart does not sign everybody out. Concurrent first starts agree on one
 * value because the insert is "first writer wins".
 */
export async function resolveJwtSecret(
  db: Db,
  configured: string | undefined,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', KEY)
    .executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}
