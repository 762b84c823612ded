import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/** What one API call has spent waiting for database connections so far. */
interface CallWaits {
  waitedMs: number;
}

const currentCall = new AsyncLocalStorage<CallWaits>();

/**
 * Runs `next` (the rest of an API call: its hooks and its handler) as one call, so the waits of
 * all its queries add up (registered by http/pressure.ts for every call it may shed).
 */
export const runAsCall = (next: () => void): void => currentCall.run({ waitedMs: 0 }, next);

/**
 * The server's real backlog, read at the database: PGlite serves one query at a time and the
 * PostgreSQL pool ten, so under load queries queue for a connection. The gauge reads, among the
 * calls with a query waiting now, the longest any has spent waiting in all (a home read runs
 * several queries, and queues again for each). Load shedding (http/pressure.ts) reads it. An API
 * call that is slow for reasons outside the server (a pupil's photo arriving over a slow line, a
 * provider's token endpoint) waits for no connection, and so sheds no one.
 */
export class QueueGauge {
  private readonly waiting = new Set<{ since: number; call: CallWaits | undefined }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Milliseconds, 0 when no query is waiting. */
  longestWaitMs(): number {
    const now = this.now();
    let longest = 0;
    for (const { since, call } of this.waiting)
      longest = Math.max(longest, now - since + (call?.waitedMs ?? 0));
    return longest;
  }

  /** How many queries are waiting for a connection. */
  get size(): number {
    return this.waiting.size;
  }

  async measure<T>(acquire: () => Promise<T>): Promise<T> {
    const entry = { since: this.now(), call: currentCall.getStore() };
    this.waiting.add(entry);
    try {
      return await acquire();
    } finally {
      this.waiting.delete(entry);
      if (entry.call) entry.call.waitedMs += this.now() - entry.since;
    }
  }
}

/** A driver that times every connection acquisition and otherwise does what `inner` does. */
class GaugedDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    private readonly gauge: QueueGauge,
  ) {
    // Kysely asks whether a driver has savepoints before it uses them: keep the answer.
    if (inner.savepoint) this.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) this.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  }

  init(): Promise<void> {
    return this.inner.init();
  }
  acquireConnection(): Promise<DatabaseConnection> {
    return this.gauge.measure(() => this.inner.acquireConnection());
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `dialect` with its driver's connection waits measured by `gauge`. */
export function gaugedDialect(dialect: Dialect, gauge: QueueGauge): Dialect {
  return {
    createDriver: () => new GaugedDriver(dialect.createDriver(), gauge),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
    createIntrospector: (db: Kysely<any>) => dialect.createIntrospector(db),
  };
}
