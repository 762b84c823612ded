import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { json } from '../db/json';
import { recordConcern } from '../safeguarding/concerns';
import { settleOutputsShowing } from './outputs';
import { judgePicture, type PictureReading } from './verdict';

declare module 'fastify' {
  interface FastifyInstance {
    /** Screens output pictures off the request path; main.ts warms it and resumes the queue. */
    pictures: PictureScreener;
  }
}

/** Reads one picture (its JPEG bytes): OCR text and model scores. */
export type ReadPicture = (jpeg: Buffer) => Promise<PictureReading>;

/** How many pictures are read at once (the machine has two cores; OCR takes one). */
const SCREENING_CONCURRENCY = 1;
/** A reading that takes longer is a failure: the picture is held for a teacher. */
const SCREENING_TIMEOUT_MS = 60_000;
/**
 * Loading the models is not part of a reading's time: on a cold server whose cores are busy it
 * took over 60 s, and the first picture of the day was held for that alone. It has its own limit.
 */
const WARM_TIMEOUT_MS = 300_000;

type Answer =
  | { id: number; ok: true; text?: string; scores?: Record<string, number> }
  | { id: number; ok: false; message: string };

/**
 * The screening thread (screen-worker.mjs): started on first use or by `warm()`, once per server;
 * one picture at a time. If it dies or a reading times out it is thrown away, every waiting
 * reading fails (and is held), and the next one starts a fresh thread.
 */
export class ScreeningThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve(a: Answer): void; reject(e: Error): void }
  >();
  private nextId = 1;
  private warmed: Promise<void> | null = null;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./screen-worker.mjs', import.meta.url));
    worker.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      waiting.resolve(answer);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) {
        this.worker = null;
        this.warmed = null;
        this.loaded = false;
      }
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the screening thread stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  private send(message: object): Promise<Answer> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  /** Loads both models once per thread; every reading waits for it first. */
  warm(): Promise<void> {
    this.warmed ??= this.send({ type: 'warm' }).then((answer) => {
      if (!answer.ok) throw new Error(answer.message);
      this.loaded = true;
    });
    return this.warmed;
  }

  /** Whether the models are loaded (false again once the thread is replaced). */
  loaded = false;

  readonly read: ReadPicture = async (jpeg) => {
    const answer = await this.send({ type: 'screen', bytes: jpeg });
    if (!answer.ok) throw new Error(answer.message);
    return { text: answer.text ?? '', scores: answer.scores ?? {} };
  };

  /** Stops the thread (a stuck reading, or the server closing). */
  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.warmed = null;
    this.loaded = false;
    await worker?.terminate();
  }
}

/**
 * Screens output pictures off the request path (issue 26, docs/decisions/0063). The upload
 * records a `picture_screenings` row as queued and calls `kick()`; the HTTP answer does not wait.
 * Queued rows are read here, at most SCREENING_CONCURRENCY at a time, each within
 * SCREENING_TIMEOUT_MS; the verdict is stored and the pending outputs showing the picture are
 * settled (published, or held with the violation 'image'). A reading that fails or times out
 * holds the picture for a teacher: nothing is published on a failure. Rows still queued when the
 * server stopped are read after `resume()`.
 */
export class PictureScreener {
  private running = 0;
  private readonly inFlight = new Set<string>();
  private closed = false;
  private readonly idleWaiters: Array<() => void> = [];
  readonly thread: ScreeningThread | null;
  private readonly read: ReadPicture;

  constructor(
    private readonly db: Db,
    private readonly uploadsDir: string,
    private readonly log: FastifyBaseLogger,
    options: {
      read?: ReadPicture;
      warm?: () => Promise<void>;
      concurrency?: number;
      timeoutMs?: number;
      warmTimeoutMs?: number;
    } = {},
  ) {
    this.thread = options.read ? null : new ScreeningThread();
    this.read = options.read ?? this.thread!.read;
    this.loadModels = options.warm ?? (() => this.thread?.warm() ?? Promise.resolve());
    this.concurrency = options.concurrency ?? SCREENING_CONCURRENCY;
    this.timeoutMs = options.timeoutMs ?? SCREENING_TIMEOUT_MS;
    this.warmTimeoutMs = options.warmTimeoutMs ?? WARM_TIMEOUT_MS;
  }

  private readonly loadModels: () => Promise<void>;

  /** Whether a picture would be read now without loading models first (always, when injected). */
  get ready(): boolean {
    return this.thread?.loaded ?? true;
  }
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly warmTimeoutMs: number;

  /** Records a new upload as queued and starts reading it (never waits for the reading). */
  async queue(url: string): Promise<void> {
    await this.db
      .insertInto('picture_screenings')
      .values({ url })
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
    this.kick();
  }

  /** Starts readers for queued rows, up to the concurrency; returns at once. */
  kick(): void {
    if (this.closed) return;
    while (this.running < this.concurrency) {
      this.running += 1;
      void this.drain().finally(() => {
        this.running -= 1;
        if (this.running === 0) for (const done of this.idleWaiters.splice(0)) done();
      });
    }
  }

  /** Reads what was queued before a restart. */
  resume(): void {
    this.kick();
  }

  /** Resolves when nothing is being read (tests and the bench wait on it). */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.thread?.stop();
  }

  private async nextQueued(): Promise<string | null> {
    const rows = await this.db
      .selectFrom('picture_screenings')
      .select('url')
      .where('state', '=', 'queued')
      .orderBy('created_at')
      .limit(this.concurrency + 1)
      .execute();
    const row = rows.find((r) => !this.inFlight.has(r.url));
    if (!row) return null;
    this.inFlight.add(row.url);
    return row.url;
  }

  private async drain(): Promise<void> {
    for (let url = await this.nextQueued(); url && !this.closed; url = await this.nextQueued()) {
      try {
        await this.screen(url);
      } catch (error) {
        this.log.error({ err: error, url }, 'picture screening could not store its verdict');
        return;
      } finally {
        this.inFlight.delete(url);
      }
    }
  }

  private async readWithTimeout(jpeg: Buffer): Promise<PictureReading> {
    await this.withinTime(this.loadModels(), this.warmTimeoutMs, 'loading the models');
    return this.withinTime(this.read(jpeg), this.timeoutMs, 'screening');
  }

  private async withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // A stuck thread is replaced for the next picture.
        void this.thread?.stop();
        reject(new Error(`${what} took over ${ms} ms`));
      }, ms);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async screen(url: string): Promise<void> {
    let stored: Parameters<typeof this.store>[1];
    try {
      const jpeg = await readFile(join(this.uploadsDir, url.replace(/^\/uploads\//, '')));
      const reading = await this.readWithTimeout(jpeg);
      const judged = judgePicture(reading);
      stored = { ...judged, scores: reading.scores };
    } catch (error) {
      if (this.closed) return;
      this.log.warn({ err: error, url }, 'picture screening failed: held for a teacher');
      const message = error instanceof Error ? error.message : String(error);
      stored = { verdict: 'held', reasons: [{ kind: 'failed', message }], text: '', scores: null };
    }
    await this.store(url, stored);
    await settleOutputsShowing(this.db, url);
  }

  private async store(
    url: string,
    result: Pick<ReturnType<typeof judgePicture>, 'verdict' | 'reasons' | 'text'> & {
      scores: Record<string, number> | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('picture_screenings')
      .set({
        state: 'done',
        verdict: result.verdict,
        reasons: json(result.reasons),
        ocr_text: result.text,
        scores: result.scores ? json(result.scores) : null,
        screened_at: new Date(),
      })
      .where('url', '=', url)
      .execute();
    const selfHarm = result.reasons.some(
      (r) => r.kind === 'text' && r.findings.some((f) => f.kind === 'selfHarm'),
    );
    if (selfHarm) {
      const owner = await this.db
        .selectFrom('output_uploads')
        .select('owner_user_id')
        .where('url', '=', url)
        .executeTakeFirst();
      if (owner) await recordConcern(this.db, owner.owner_user_id, 'output', result.text);
    }
  }
}
