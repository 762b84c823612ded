import type { Updateable } from 'kysely';
import { UpdateUserRequest } from '../../contracts/api/users';
import { isStaffRole } from '../../contracts/entities';
import { PROFILE_CHANGE_INTERVAL_DAYS } from '../../contracts/constants';
import { assertPasswordPolicy as assertSharedPolicy } from '../auth/password-policy';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { decide, mayResetPasswordOf, type Permissions } from '../auth/permissions';
import type { TokenService } from '../auth/tokens';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import { AppError, fieldsOf } from '../http/errors';
import { refuseScreened } from '../moderation/refuse';
import { keepConcern } from '../safeguarding/concerns';
import { hasStates, isKnownCountry, isKnownState } from '../location/data';
import { groupsOfSchools, groupsOfUser, withDescendants, type UserRow } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface UpdateContext {
  db: Db;
  permissions: Permissions;
  tokens: TokenService;
  actor: UserRow;
  actorFamilyId: string;
  target: UserRow;
  body: unknown;
  now?: Date;
}

/**
 * PUT /v1/user/{id}: parses the body (a bad new password is 400 weakPassword, anything else bad
 * is 400 badRequest), checks who may change what, validates everything, then writes once.
 * Returns the updated row.
 */
export async function updateUser(ctx: UpdateContext): Promise<UserRow> {
  const parsed = UpdateUserRequest.safeParse(ctx.body);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error);
    if (fields.some((f) => f.path === 'password')) {
      throw new AppError('weakPassword', 'The new password is too short or too simple', fields);
    }
    throw new AppError('badRequest', 'Invalid request', fields);
  }
  const body = parsed.data;
  if (body.userId !== undefined && !names(ctx.target, body.userId)) {
    throw new AppError('badRequest', 'userId does not name the user in the path', [
      { path: 'userId', message: 'does not match the path' },
    ]);
  }
  if (ctx.target.id !== ctx.actor.id) return updateMemberByStaff(ctx, body);
  return updateOwn(ctx, body);
}

/** Whether `id` is the user's row id or (ignoring case) account name, as the path accepts. */
const names = (user: UserRow, id: string): boolean =>
  id === user.id || id.toLowerCase() === user.account.toLowerCase();

/**
 * Staff changing a pupil of a group they manage: a new password, or (issue 8) a corrected
 * display name, one at a time. The name is screened like the pupil's own, but the pupil's
 * 31-day rule does not apply and the pupil's own change window is left as it was.
 */
async function updateMemberByStaff(ctx: UpdateContext, body: UpdateUserRequest): Promise<UserRow> {
  // userId only repeats the path (checked above); every other field must be absent.
  const keys = Object.keys(body).filter(
    (k) => k !== 'userId' && body[k as keyof UpdateUserRequest] !== undefined,
  );
  const onlyPassword = keys.length === 1 && keys[0] === 'password' && body.password !== undefined;
  const onlyName = keys.length === 1 && keys[0] === 'displayName' && body.displayName !== undefined;
  if (!(onlyPassword || onlyName) || !isStaffRole(ctx.actor.role)) {
    throw new AppError('forbidden', 'You may not change this user');
  }
  const actorGroups = await groupsOfUser(ctx.db, ctx.actor.id);
  const all = await groupsOfSchools(ctx.db, [...new Set(actorGroups.map((g) => g.school_id))]);
  const managed = new Set(withDescendants(actorGroups, all).map((g) => g.id));
  const targetGroups = await groupsOfUser(ctx.db, ctx.target.id);
  const subject = await ctx.permissions.subject(ctx.actor);
  const allowed = mayResetPasswordOf(subject, managed, {
    id: ctx.target.id,
    role: ctx.target.role,
    groupIds: targetGroups.map((g) => g.id),
  });
  if (!allowed) throw new AppError('forbidden', 'You may not change this user');

  if (onlyName) {
    refuseScreened(body.displayName!, 'displayName');
    return ctx.db
      .updateTable('users')
      .set({ display_name: body.displayName!, updated_at: ctx.now ?? new Date() })
      .where('id', '=', ctx.target.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  await assertPasswordPolicy(ctx.db, body.password!, ctx.target);
  const updated = await ctx.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(body.password!),
      // A password someone else chose must be replaced by the pupil at the next visit.
      is_password_unconfirmed: true,
      updated_at: ctx.now ?? new Date(),
    })
    .where('id', '=', ctx.target.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.tokens.revokeAllForUser(ctx.target.id);
  // The pupil's open password-reset request (POST /v0/password-reset) is answered.
  await ctx.db
    .updateTable('password_reset_requests')
    .set({ resolved_at: ctx.now ?? new Date(), resolved_by: ctx.actor.id })
    .where('user_id', '=', ctx.target.id)
    .where('resolved_at', 'is', null)
    .execute();
  return updated;
}

async function updateOwn(ctx: UpdateContext, body: UpdateUserRequest): Promise<UserRow> {
  const { actor } = ctx;
  const now = ctx.now ?? new Date();
  const set: Updateable<UsersTable> = {};

  if (body.displayName !== undefined && body.displayName !== actor.display_name) {
    const subject = await ctx.permissions.subject(actor);
    if (!decide('changeProfile', subject)) {
      throw new AppError('forbidden', 'This account may not change its profile');
    }
    const limited = actor.role === 'member' || actor.role === 'supporter';
    const last = actor.profile_updated_at;
    if (limited && last && now.getTime() - last.getTime() < PROFILE_CHANGE_INTERVAL_DAYS * DAY_MS) {
      throw new AppError(
        'profileChangeRestricted',
        `The display name can be changed once every ${PROFILE_CHANGE_INTERVAL_DAYS} days`,
        [{ path: 'displayName', message: 'changed too recently' }],
      );
    }
    // A name that speaks of self-harm is kept for an adult (issue 26); names have no review, so
    // contact details and abuse are refused (issue 8).
    await keepConcern(ctx.db, actor.id, 'displayName', [body.displayName]);
    refuseScreened(body.displayName, 'displayName');
    set.display_name = body.displayName;
    set.profile_updated_at = now;
  }

  if (body.readNotificationAt !== undefined)
    set.read_notification_at = new Date(body.readNotificationAt);
  if (body.cookie !== undefined) set.cookie = body.cookie;
  if (body.termsAgreementVersion !== undefined)
    set.terms_agreement_version = body.termsAgreementVersion;
  if (body.lang !== undefined) set.lang = body.lang;

  Object.assign(set, locationChange(actor, body));

  if (body.password !== undefined || body.oldPassword !== undefined) {
    if (body.password === undefined) {
      throw new AppError('badRequest', 'A new password is required', [
        { path: 'password', message: 'required' },
      ]);
    }
    const matches =
      body.oldPassword !== undefined &&
      (await verifyPassword(actor.password_hash, body.oldPassword));
    if (!matches) {
      throw new AppError('invalidPassword', 'The current password does not match', [
        { path: 'oldPassword', message: 'does not match' },
      ]);
    }
    if (body.password === body.oldPassword) {
      throw new AppError(
        'needToChangePassword',
        'The new password must differ from the current one',
        [{ path: 'password', message: 'same as current' }],
      );
    }
    await assertPasswordPolicy(ctx.db, body.password, actor);
    set.password_hash = await hashPassword(body.password);
    set.is_password_unconfirmed = false;
  }

  if (Object.keys(set).length === 0) return actor;
  set.updated_at = now;
  const updated = await ctx.db
    .updateTable('users')
    .set(set)
    .where('id', '=', actor.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Other devices sign in again after a password change; this one keeps its session.
  if (set.password_hash) await ctx.tokens.revokeAllForUser(actor.id, ctx.actorFamilyId);
  return updated;
}

/** The shared password policy (auth/password-policy.ts) with the account's own names. */
async function assertPasswordPolicy(db: Db, password: string, account: UserRow): Promise<void> {
  const school = account.school_id
    ? await db
        .selectFrom('schools')
        .select('name')
        .where('id', '=', account.school_id)
        .executeTakeFirst()
    : undefined;
  await assertSharedPolicy(password, account.role, {
    account: account.account,
    displayName: account.display_name,
    school: school?.name ?? null,
  });
}

const UNDEFINED_STATE = 'undefined';

/**
 * Country, state and prefecture rules: a known country; a known state when the country has
 * states (required whenever the country is sent); the text 'undefined' or nothing for a country
 * without states; a prefecture only for JP.
 */
function locationChange(actor: UserRow, body: UpdateUserRequest): Updateable<UsersTable> {
  if (body.country === undefined && body.state === undefined && body.prefecture === undefined)
    return {};
  const country = (body.country ?? actor.country).toUpperCase();
  const bad = (path: string, message: string) =>
    new AppError('badRequest', message, [{ path, message }]);
  if (!isKnownCountry(country)) throw bad('country', 'Unknown country');

  const out: Updateable<UsersTable> = {};
  if (body.country !== undefined) out.country = country;

  if (hasStates(country)) {
    if (body.state === undefined || body.state === UNDEFINED_STATE) {
      // Saving a country that has states always names one (the settings form requires it).
      if (body.country !== undefined || body.state === UNDEFINED_STATE) {
        throw bad('state', 'A state is required');
      }
    } else if (!isKnownState(country, body.state)) {
      throw bad('state', 'Unknown state for this country');
    } else {
      out.state = body.state;
    }
  } else {
    if (body.state !== undefined && body.state !== UNDEFINED_STATE) {
      throw bad('state', 'This country has no states');
    }
    out.state = null;
  }

  if (body.prefecture !== undefined) {
    if (country !== 'JP') throw bad('prefecture', 'A prefecture is only for Japan');
    // In Japan the state is the prefecture: the two codes sent together must agree.
    if (body.state !== undefined && body.state !== body.prefecture)
      throw bad('prefecture', 'The prefecture must equal the state in Japan');
    out.prefecture = body.prefecture;
  } else if (country !== 'JP') {
    out.prefecture = null;
  } else if (out.state) {
    out.prefecture = out.state;
  }
  return out;
}
