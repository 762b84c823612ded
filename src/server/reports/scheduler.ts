import type { FastifyBaseLogger } from 'fastify';
import { REPORT_REFRESH_TIMES } from '../../contracts/constants';
import type { Db } from '../db/database';
import { lastRefreshedAt, refreshReportAggregates } from './aggregate';
import { nextRefreshTime } from './schedule';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rebuilds the class report aggregates; main.ts starts it, tests call refresh(). */
    reportScheduler: ReportScheduler;
  }
}

/** The clock and timer the scheduler runs on; tests pass a fake one. */
export interface SchedulerClock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: SchedulerClock = {
  now: () => new Date(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // The scheduler never keeps the process alive on its own.
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

type Trigger = 'schedule' | 'startup' | 'manual';
type RefreshResult = Awaited<ReturnType<typeof refreshReportAggregates>>;

/** setTimeout cannot wait longer than 2^31-1 ms; longer waits re-arm on wake-up. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Rebuilds the report aggregates at REPORT_REFRESH_TIMES in `timeZone`, in process. On start it
 * refreshes once if the aggregates were never built (a fresh install would otherwise show empty
 * reports until 8:30). A failed refresh is logged and the next time is still scheduled.
 */
export class ReportScheduler {
  private handle: unknown = null;
  private stopped = true;
  private running: Promise<RefreshResult> | null = null;
  /** The refresh that starts when the running one ends, shared by everyone who asked meanwhile. */
  private queued: Promise<RefreshResult> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>,
    private readonly timeZone: string,
    private readonly clock: SchedulerClock = systemClock,
  ) {}

  /** When the next scheduled refresh runs. */
  nextAt(): Date {
    return nextRefreshTime(this.clock.now(), REPORT_REFRESH_TIMES, this.timeZone);
  }

  async start(): Promise<void> {
    this.stopped = false;
    try {
      if ((await lastRefreshedAt(this.db)) === null) await this.refresh('startup');
    } catch (err) {
      // The server still starts; the next scheduled time tries again.
      this.log.error({ err }, 'report refresh at start-up failed');
    }
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
  }

  /**
   * Runs one refresh (one at a time); resolves when done, rejects on failure. A call made while
   * a refresh runs waits for it and then starts one more, which every call arriving meanwhile
   * shares: each caller gets a rebuild begun after its call, and requests arriving together
   * (on-demand clicks across schools) cost one rebuild, not one each.
   */
  refresh(trigger: Trigger): Promise<RefreshResult> {
    if (this.queued) return this.queued;
    if (!this.running) return this.run(trigger);
    const before = this.running;
    const next = before
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.run(trigger);
      });
    this.queued = next;
    return next;
  }

  private async run(trigger: Trigger): Promise<RefreshResult> {
    const run = refreshReportAggregates(this.db, trigger, () => this.clock.now());
    this.running = run;
    try {
      const result = await run;
      this.log.info({ rows: result.rows, trigger }, 'report aggregates refreshed');
      return result;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private arm(): void {
    if (this.stopped) return;
    const at = this.nextAt();
    const wait = Math.min(Math.max(at.getTime() - this.clock.now().getTime(), 0), MAX_TIMER_MS);
    this.handle = this.clock.setTimeout(() => void this.fire(at), wait);
  }

  private async fire(at: Date): Promise<void> {
    this.handle = null;
    if (this.stopped) return;
    // Woken early (a capped long wait): just wait again.
    if (this.clock.now().getTime() >= at.getTime()) {
      try {
        await this.refresh('schedule');
      } catch (err) {
        this.log.error({ err }, 'report refresh failed');
      }
    }
    this.arm();
  }
}
