import type { FirebaseClaims } from '../../contracts/api/realtime';
import type { Db } from '../db/database';
import { viewerOf } from '../streams/repository';
import type { UserRow } from '../users/repository';

/**
 * The claims the security rules read (firestore.rules): role, school and groups (with the groups
 * above them, exactly as the server's own room access counts them: `viewerOf`).
 */
export async function claimsFor(db: Db, user: UserRow): Promise<FirebaseClaims> {
  const viewer = await viewerOf(db, user);
  return { role: viewer.role, school: viewer.schoolId, groups: [...viewer.groupIds].sort() };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An unsigned ID token the Firestore emulator accepts as this user (the shape the Firebase SDK's
 * own `mockUserToken` builds). Only the emulator reads unsigned tokens; real Firestore refuses
 * them, so this is handed out only when FIRESTORE_EMULATOR_HOST is configured.
 */
export function mockUserToken(
  projectId: string,
  uid: string,
  claims: FirebaseClaims,
  nowMs: number,
): string {
  const iat = Math.floor(nowMs / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat,
    exp: iat + 3600,
    auth_time: iat,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...claims,
  };
  return `${base64url({ alg: 'none', type: 'JWT' })}.${base64url(payload)}.`;
}
