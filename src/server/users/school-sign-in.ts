import { z } from 'zod';
import type { SchoolSignIn } from '../../contracts/api/groups';
import type { Db } from '../db/database';
import { AppError, type ErrorField } from '../http/errors';
import type { OidcIdentity } from '../auth/oidc';
import type { Subject } from '../auth/permissions';
import { requireManagedGroup } from './groups';

/**
 * Sign-in with the school's own Google or Microsoft accounts (issue 30). A school with 900
 * Workspace accounts does not ask each pupil to link theirs: staff give a group a roster
 * (`account,email` lines) or the school's domain, and a pupil whose verified address matches signs
 * in as that member. The first such sign-in links the identity (routes/oauth.ts), so the roster
 * is a way in, not a second identity store.
 *
 * Only members of the group can be named, only by staff who manage it (requireManagedGroup), and
 * only addresses the provider verified count. An address that would name two different accounts
 * (two rosters, or a roster and a domain disagreeing) signs nobody in.
 */

const Email = z.email().max(320);
/** A header line a spreadsheet export may start with. */
const HEADER = /^\s*(account|アカウント|id)\s*,\s*(e-?mail|メール(アドレス)?)\s*$/i;
const MAX_ROWS = 2000;

interface RosterRow {
  account: string;
  email: string;
  /** 1-based, as a spreadsheet numbers it. */
  line: number;
}

/**
 * `account,email` lines (blank lines and one header skipped); every bad line named, its message a
 * code the settings page words (`format`, `email`, `duplicate`, `notMember`, `tooMany`).
 */
export function parseRoster(text: string): { rows: RosterRow[]; errors: ErrorField[] } {
  const rows: RosterRow[] = [];
  const errors: ErrorField[] = [];
  const seen = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const path = `roster.${i + 1}`;
    if (line === '' || (i === 0 && HEADER.test(line))) return;
    const cells = line.split(/[,\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length !== 2 || !cells[0] || !cells[1]) {
      errors.push({ path, message: 'format' });
      return;
    }
    const email = cells[1].toLowerCase();
    if (!Email.safeParse(email).success) {
      errors.push({ path, message: 'email' });
      return;
    }
    const earlier = seen.get(email);
    if (earlier !== undefined) {
      errors.push({ path, message: 'duplicate' });
      return;
    }
    seen.set(email, i + 1);
    rows.push({ account: cells[0], email, line: i + 1 });
  });
  if (rows.length > MAX_ROWS) errors.push({ path: 'roster', message: 'tooMany' });
  return { rows, errors };
}

async function settingsOf(db: Db, groupId: string, domain: string | null): Promise<SchoolSignIn> {
  const roster = await db
    .selectFrom('group_sign_in_roster')
    .innerJoin('users', 'users.id', 'group_sign_in_roster.user_id')
    .select(['group_sign_in_roster.email', 'users.id as userId', 'users.account', 'users.name'])
    .where('group_sign_in_roster.group_id', '=', groupId)
    .orderBy('users.account')
    .execute();
  return { groupId, domain, roster };
}

/** The group's roster and domain, for staff who manage it. */
export async function schoolSignIn(db: Db, scope: Subject, groupId: string): Promise<SchoolSignIn> {
  const { group } = await requireManagedGroup(db, scope, groupId);
  return settingsOf(db, group.id, group.sign_in_domain);
}

/**
 * Replaces the group's roster and domain. Every line must name a member of this group; a bad
 * line answers 400 naming it (`roster.<line>`) and nothing changes.
 */
export async function setSchoolSignIn(
  db: Db,
  scope: Subject,
  groupId: string,
  input: { domain: string | null; roster: string },
): Promise<SchoolSignIn> {
  const { group } = await requireManagedGroup(db, scope, groupId);
  const { rows, errors } = parseRoster(input.roster);
  const members = rows.length
    ? await db
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select(['users.id', 'users.account'])
        .where('group_members.group_id', '=', group.id)
        .where(
          (eb) => eb.fn('lower', ['users.account']),
          'in',
          rows.map((r) => r.account.toLowerCase()),
        )
        .execute()
    : [];
  const byAccount = new Map(members.map((m) => [m.account.toLowerCase(), m.id]));
  for (const row of rows) {
    if (!byAccount.has(row.account.toLowerCase()))
      errors.push({ path: `roster.${row.line}`, message: 'notMember' });
  }
  if (errors.length) {
    // In the order a teacher reads the list, whichever check found the line.
    const lineNo = (f: ErrorField) => Number(f.path.split('.')[1] ?? 0);
    errors.sort((a, b) => lineNo(a) - lineNo(b));
    throw new AppError('badRequest', 'The roster has lines to fix', errors);
  }
  const domain = input.domain && input.domain.length > 0 ? input.domain : null;
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('groups')
      .set({ sign_in_domain: domain, updated_at: new Date() })
      .where('id', '=', group.id)
      .execute();
    await tx.deleteFrom('group_sign_in_roster').where('group_id', '=', group.id).execute();
    if (rows.length)
      await tx
        .insertInto('group_sign_in_roster')
        .values(
          rows.map((r) => ({
            group_id: group.id,
            email: r.email,
            user_id: byAccount.get(r.account.toLowerCase())!,
          })),
        )
        .execute();
  });
  return settingsOf(db, group.id, domain);
}

/**
 * The account a verified school address signs in as: a roster row naming it, or a member named
 * by its local part in a group whose domain it has. Undefined when none, or when the address
 * would name two different accounts. Takes no Subject: signing in has no caller yet.
 */
export async function schoolAccountFor(
  db: Db,
  identity: OidcIdentity,
): Promise<string | undefined> {
  if (!identity.email || !identity.emailVerified) return undefined;
  const email = identity.email.toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return undefined;
  const [local, domain] = [email.slice(0, at), email.slice(at + 1)];
  const rostered = await db
    .selectFrom('group_sign_in_roster')
    .select('user_id')
    .where('email', '=', email)
    .execute();
  const byDomain = await db
    .selectFrom('groups')
    .innerJoin('group_members', 'group_members.group_id', 'groups.id')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select('users.id as user_id')
    .where('groups.sign_in_domain', '=', domain)
    .where((eb) => eb(eb.fn('lower', ['users.account']), '=', local))
    .execute();
  const users = new Set([...rostered, ...byDomain].map((r) => r.user_id));
  return users.size === 1 ? [...users][0] : undefined;
}
