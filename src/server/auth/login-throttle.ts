import type { Config } from '../config';
import type { Db } from '../db/database';

export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAfterS: number };

/**
 * Counts failed logins per account name and per client address in a sliding window, in the
 * database so the count survives restarts and is shared by every server instance. Successful
 * logins are not counted per address: a whole class signs in from one school address at 9:00.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: Config['login'],
  ) {}

  async check(account: string, address: string, now = new Date()): Promise<ThrottleVerdict> {
    const since = new Date(now.getTime() - this.limits.windowS * 1000);
    const key = account.toLowerCase();
    const [byAccount, byAddress] = await Promise.all([
      this.window('account', key, since),
      this.window('address', address, since),
    ]);
    const verdicts = [
      byAccount.count >= this.limits.maxFailuresPerAccount ? byAccount.oldest : null,
      byAddress.count >= this.limits.maxFailuresPerAddress ? byAddress.oldest : null,
    ].filter((d): d is Date => d !== null);
    if (verdicts.length === 0) return { blocked: false };
    // Blocked until the oldest failure in the window ages out (the later of both limits).
    const until = Math.max(...verdicts.map((d) => d.getTime() + this.limits.windowS * 1000));
    return { blocked: true, retryAfterS: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const cutoff = new Date(Date.now() - this.limits.windowS * 1000);
    await this.db
      .insertInto('login_failures')
      .values({ account: account.toLowerCase(), address })
      .execute();
    // Old rows are useless once out of the window; pruning here keeps the table small.
    await this.db.deleteFrom('login_failures').where('created_at', '<', cutoff).execute();
  }

  async clearAccount(account: string): Promise<void> {
    await this.db
      .deleteFrom('login_failures')
      .where('account', '=', account.toLowerCase())
      .execute();
  }

  private async window(
    column: 'account' | 'address',
    value: string,
    since: Date,
  ): Promise<{ count: number; oldest: Date | null }> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('created_at')
      .where(column, '=', value)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(Math.max(this.limits.maxFailuresPerAccount, this.limits.maxFailuresPerAddress))
      .execute();
    // The limit-th most recent failure is the one whose expiry lifts the block.
    const limit =
      column === 'account' ? this.limits.maxFailuresPerAccount : this.limits.maxFailuresPerAddress;
    const pivot = rows[limit - 1];
    return { count: rows.length, oldest: pivot ? pivot.created_at : null };
  }
}
