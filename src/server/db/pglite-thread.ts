import { Worker } from 'node:worker_threads';

interface Pending {
  resolve(value: { rows: unknown[]; affectedRows?: number }): void;
  reject(error: Error): void;
}

type Answer =
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number }
  | { id: number; ok: false; error: { message: string } & Record<string, unknown> };

/**
 * PGlite in a worker thread (pglite-worker.mjs), with the two methods kysely-pglite-dialect
 * calls: `query(sql, params)` and `close()`. The dialect already runs one query at a time; the
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
