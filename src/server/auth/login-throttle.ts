import type { LoginThrottleConfig } from '../config';
import type { Db } from '../db/database';

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterS: number };

/** What the throttle knows about one counter: failures in the window and the latest one. */
export interface FailureCount {
  count: number;
  latest: Date | null;
}

/**
 * The growing delay after `count` failures: none while count < free, then 1 s, 2 s, 4 s … doubling
 * with each further failure, never more than maxDelayS. Pure so the schedule can be tested alone.
 */
export function delayAfter(count: number, free: number, maxDelayS: number): number {
  if (count < free) return 0;
  const steps = Math.min(count - free, 30);
  return Math.min(2 ** steps, maxDelayS);
}

/** Seconds until the delay of a counter lifts, or 0 when it is not delayed at `now`. */
export function remainingDelayS(
  counter: FailureCount,
  free: number,
  maxDelayS: number,
  now: Date,
): number {
  if (!counter.latest) return 0;
  const until = counter.latest.getTime() + delayAfter(counter.count, free, maxDelayS) * 1000;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * The login throttle of issue 8: a whole school signs in from one public address, so an address
 * is never locked for what happens to accounts, and an account is never locked at all.
 *
 * - Failures are counted per (account, address) pair and per account (all addresses). Past a few
 *   free failures each counter imposes a growing delay (1 s, 2 s, 4 s … at most maxDelayS) after
 *   its latest failure; while delayed, the attempt is answered 429 with Retry-After and the
 *   password is not checked (nor counted). The longest anyone waits is maxDelayS after the
 *   attacker's latest evaluated guess.
 * - Per address, only failures for account names that do not exist count; past
 *   maxUnknownFailuresPerAddress in the window, further made-up names from that address get 429
 *   (existing accounts are not affected). Successful logins are never counted.
 * - A success clears the pair's failures; a teacher may clear an account's failures (unlock).
 *
 * - A browser with a device cookie for the account (auth/device-cookie.ts, issue 25 hole 6) is
 *   judged by its own failures alone (counted under `device:<id>` in place of the address, on the
 *   pair schedule): the account-wide delay that other clients' failures caused does not hold it
 *   back, and its failures do not add to the account-wide count.
 *
 * Counts live in the database (shared by instances, kept across restarts). Attempts for one
 * account name run one at a time in this process, so a burst of parallel guesses cannot slip
 * through the gap between "not delayed" and "failure recorded".
 */
export class LoginThrottle {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly limits: LoginThrottleConfig,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Runs `task` after every earlier task for the same account name has finished. */
  async serialize<T>(account: string, task: () => Promise<T>): Promise<T> {
    const key = account.toLowerCase();
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    }
  }

  /**
   * Whether the pair or the account is inside a delay now; for a browser with a device cookie of
   * the account (`device`), whether that device is.
   */
  async check(
    account: string,
    address: string,
    device: string | null = null,
  ): Promise<ThrottleVerdict> {
    const now = this.clock();
    const key = account.toLowerCase();
    const since = this.since(now);
    if (device) {
      const own = await this.count(since, { account: key, address: deviceKey(device) });
      const wait = remainingDelayS(
        own,
        this.limits.freeFailuresPerPair,
        this.limits.maxDelayS,
        now,
      );
      return wait > 0 ? { blocked: true, retryAfterS: wait } : { blocked: false };
    }
    const [pair, byAccount] = await Promise.all([
      this.count(since, { account: key, address }),
      this.count(since, { account: key }),
    ]);
    const { freeFailuresPerPair, freeFailuresPerAccount, maxDelayS } = this.limits;
    const wait = Math.max(
      remainingDelayS(pair, freeFailuresPerPair, maxDelayS, now),
      remainingDelayS(byAccount, freeFailuresPerAccount, maxDelayS, now),
    );
    return wait > 0 ? { blocked: true, retryAfterS: wait } : { blocked: false };
  }

  /** For a name that does not exist: whether its address has sent too many made-up names. */
  async checkUnknown(address: string): Promise<ThrottleVerdict> {
    const now = this.clock();
    const limit = this.limits.maxUnknownFailuresPerAddress;
    const pivot = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where('address', '=', address)
      .where('known', '=', false)
      .where('created_at', '>=', this.since(now))
      .orderBy('created_at', 'desc')
      .offset(limit - 1)
      .limit(1)
      .executeTakeFirst();
    if (!pivot) return { blocked: false };
    // Below the limit again once the limit-th most recent failure leaves the window.
    const until = pivot.created_at.getTime() + this.limits.windowS * 1000;
    return { blocked: true, retryAfterS: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  async recordFailure(
    account: string,
    address: string,
    known: boolean,
    device: string | null = null,
  ): Promise<void> {
    const now = this.clock();
    await this.db
      .insertInto('login_failures')
      .values({
        account: account.toLowerCase(),
        address: device && known ? deviceKey(device) : address,
        known,
        created_at: now,
      })
      .execute();
    // Old rows are useless once out of the window; pruning here keeps the table small.
    await this.db.deleteFrom('login_failures').where('created_at', '<', this.since(now)).execute();
  }

  /**
   * After a successful login: this address proved it knows the password — or, for a browser with a
   * device cookie, this device did (its own failures are cleared; the address's are not, so the
   * teacher's own sign-ins do not lift the delay of a pupil guessing from the same address).
   */
  async clearPair(account: string, address: string, device: string | null = null): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('account', '=', account.toLowerCase())
      .where('address', '=', device ? deviceKey(device) : address)
      .execute();
  }

  /** A teacher's unlock: every delay of the account ends. Returns how many failures were cleared. */
  async clearAccount(account: string): Promise<number> {
    const result = await this.db
      .deleteFrom('login_failures')
      .where('account', '=', account.toLowerCase())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private since(now: Date): Date {
    return new Date(now.getTime() - this.limits.windowS * 1000);
  }

  private async count(
    since: Date,
    where: { account: string; address?: string },
  ): Promise<FailureCount> {
    let q = this.db
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('created_at').as('latest')])
      .where('account', '=', where.account)
      .where('created_at', '>=', since);
    // The account-wide count leaves out devices' own failures (they have their own delay).
    q =
      where.address !== undefined
        ? q.where('address', '=', where.address)
        : q.where('address', 'not like', 'device:%');
    const row = await q.executeTakeFirstOrThrow();
    return {
      count: Number(row.count),
      latest: row.latest ? new Date(row.latest as string | Date) : null,
    };
  }
}

/**
 * Of some account names, those whose sign-in is held back by wrong passwords (issue 24: the group
 * pane offers "unlock" only for them): failures in the window reached the free allowance of the
 * account or of one of its (account, address) pairs, so the next attempt waits or already does.
 */
export async function delayedAccounts(
  db: Db,
  limits: LoginThrottleConfig,
  accounts: readonly string[],
  now: Date = new Date(),
): Promise<Set<string>> {
  const keys = [...new Set(accounts.map((a) => a.toLowerCase()))];
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('login_failures')
    .select((eb) => ['account', 'address', eb.fn.countAll<string>().as('count')])
    .where('account', 'in', keys)
    .where('created_at', '>=', new Date(now.getTime() - limits.windowS * 1000))
    .groupBy(['account', 'address'])
    .execute();
  const perAccount = new Map<string, number>();
  const delayed = new Set<string>();
  for (const r of rows) {
    const n = Number(r.count);
    perAccount.set(r.account, (perAccount.get(r.account) ?? 0) + n);
    if (n >= limits.freeFailuresPerPair) delayed.add(r.account);
  }
  for (const [account, n] of perAccount)
    if (n >= limits.freeFailuresPerAccount) delayed.add(account);
  return delayed;
}
/** Where a device's failures are counted (in place of an address). */
const deviceKey = (device: string): string => `device:${device}`;
