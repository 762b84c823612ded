import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import type { OidcIdentity } from './oidc';

/**
 * Which user a verified Google or Microsoft identity is linked to (routes/oauth.ts). These take
 * no Subject: signing in has no caller yet (the verified id_token is the only key), and a link is
 * written for one user only — the signed-in caller (PUT) or the user whose signed attempt the
 * callback finishes (no bearer token there) — whose id is passed as `userId`.
 */

/** The user linked to the identity, if any. */
export async function linkedUserId(db: Db, identity: OidcIdentity): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  return row?.user_id;
}

/** Links the identity to the user; 409 alreadyLinked when it belongs to someone else. */
export async function linkIdentity(db: Db, identity: OidcIdentity, userId: string): Promise<void> {
  await db
    .insertInto('oidc_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: userId,
      email: identity.email,
    })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
  const owner = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirstOrThrow();
  if (owner.user_id !== userId) {
    throw new AppError('alreadyLinked', 'This account is already linked to another account');
  }
}
