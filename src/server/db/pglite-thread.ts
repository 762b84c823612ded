import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

interface Pending {
  resolve(value: { rows: unknown[]; affectedRows?: number }): void;
  reject(error: Error): void;
}

type Answer =
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number }
  | { id: number; ok: false; error: { message: string } & Record<string, unknown> };

/**
 * PGlite in a worker thread (pglite-worker.mjs): `query(sql, params)` and `close()`, which
 * PGliteThreadDialect turns into Kysely's driver. The driver runs one query at a time; the
 * worker answers in order. An error keeps PostgreSQL's fields (`code` '23505' …), so callers
 * see the same errors as with PGlite on the main thread. If the worker dies, every waiting and
 * later query fails with that reason.
 */
export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private dead: Error | undefined;

  constructor(options: { dataDir?: string; loadDataDir?: Blob }) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: options,
    });
    this.worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok)
        waiting.resolve({ rows: answer.rows ?? [], affectedRows: answer.affectedRows });
      else waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
    });
    const fail = (error: Error) => {
      this.dead ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  }

  private send(message: object): Promise<{ rows: unknown[]; affectedRows?: number }> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  query<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[]; affectedRows?: number }> {
    return this.send({ type: 'query', sql, params }) as Promise<{
      rows: T[];
      affectedRows?: number;
    }>;
  }

  async close(): Promise<void> {
    if (!this.dead) await this.send({ type: 'close' });
    await this.worker.terminate();
  }
}

/** The one connection to the thread: PGlite answers one query at a time. */
class ThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: PGliteThread) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.thread.query<R>(query.sql, [...query.parameters]);
    return result.affectedRows
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows: result.rows };
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
  ): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

/** Kysely over PGliteThread: one connection, lent to one caller (a query or a transaction) at a time. */
class ThreadDriver implements Driver {
  private readonly connection: ThreadConnection;
  private lent = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly thread: PGliteThread) {
    this.connection = new ThreadConnection(thread);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // Handed over by releaseConnection while still lent, so no one can slip in between.
    if (this.lent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.lent = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.lent = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

export class PGliteThreadDialect implements Dialect {
  constructor(private readonly thread: PGliteThread) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = () => new ThreadDriver(this.thread);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}
