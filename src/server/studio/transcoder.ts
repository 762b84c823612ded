import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { studioMediaDir, studioMediaUrl } from './repository';

/**
 * Turning an upload into HLS (issue 15): two renditions (360p and up to 720p) with a master
 * playlist, and a poster, by ffmpeg. The system's ffmpeg when there is one, else the binary the
 * `@ffmpeg-installer/ffmpeg` package ships for this platform (npm install scripts do not run
 * here; the binary is already executable in the package). Jobs are rows in `transcode_jobs`:
 * a few run at once, one per school (JobRunner), a video longer than the VIDEO_MAX_DURATION_S setting is
 * refused, and a job that was running when the server stopped runs again when it starts (from
 * the beginning: ffmpeg cannot resume half a playlist).
 */

export interface Transcoder {
  path: string;
  source: 'system' | 'bundled' | 'configured';
}

async function runs(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(path, ['-hide_banner', '-version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

/** Where ffmpeg is, per the FFMPEG setting (`auto`, `none` or a path); null when none works. */
export async function findTranscoder(setting: string): Promise<Transcoder | null> {
  if (setting === 'none') return null;
  if (setting !== 'auto')
    return (await runs(setting)) ? { path: setting, source: 'configured' } : null;
  if (await runs('ffmpeg')) return { path: 'ffmpeg', source: 'system' };
  try {
    const require = createRequire(import.meta.url);
    const { path } = require('@ffmpeg-installer/ffmpeg') as { path: string };
    await access(path, constants.X_OK);
    if (await runs(path)) return { path, source: 'bundled' };
  } catch {
    // No package for this platform: no transcoder.
  }
  return null;
}

/** What `ffmpeg -i` says about a file: duration and whether it has video and audio. */
export interface Probe {
  duration: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
}

function parseProbe(stderr: string): Probe {
  const d = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const size = /Stream #\S+.*: Video:.*?\b(\d{2,5})x(\d{2,5})\b/.exec(stderr);
  return {
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    duration: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
    hasVideo: /Stream #\S+.*: Video:/.test(stderr),
    hasAudio: /Stream #\S+.*: Audio:/.test(stderr),
  };
}

async function probe(ffmpeg: string, file: string): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      if (err.length < 64 * 1024) err += c;
    });
    child.on('error', reject);
    child.on('exit', () => resolve(parseProbe(err)));
  });
}

/** Whether the first bytes are an MP4/MOV (ftyp/moov/mdat…) or WebM/Matroska (EBML) file. */
export async function sniffVideo(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(12);
    const { bytesRead } = await fh.read(buf, 0, 12, 0);
    if (bytesRead < 8) return false;
    if (buf.readUInt32BE(0) === 0x1a45dfa3) return true;
    const box = buf.toString('latin1', 4, 8);
    return ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box);
  } finally {
    await fh.close();
  }
}

/** The two renditions (issue 15): a small one for weak school Wi-Fi and one up to 720p. */
const RENDITIONS = [
  { height: 360, kbps: 800 },
  { height: 720, kbps: 2500 },
] as const;

/** The size a rendition comes out at: the source scaled to at most `height`, both even. */
function outputSize(info: Probe, height: number): { width: number; height: number } | null {
  if (!info.width || !info.height) return null;
  const h = Math.floor(Math.min(height, info.height) / 2) * 2;
  const w = Math.round((info.width * h) / info.height / 2) * 2;
  return { width: w, height: h };
}

interface JobRunnerOptions {
  db: Db;
  transcoder: Transcoder | null;
  uploadsDir: string;
  mediaDir: string;
  log: FastifyBaseLogger;
  /** Attempts before a job is failed for good (each restart mid-job counts one). */
  maxAttempts?: number;
  /** Jobs transcoding at once, at most one per school (TRANSCODE_CONCURRENCY). */
  concurrency?: number;
  /** The longest video taken, in seconds (the VIDEO_MAX_DURATION_S setting; tests lower it). */
  maxDurationS: number;
}

const TRANSCODE_ERRORS = {
  noTranscoder: 'transcoderMissing',
  notVideo: 'notVideo',
  tooLong: 'videoTooLong',
  failed: 'transcodeFailed',
  missingFile: 'uploadMissing',
} as const;

/** A job's lane: its uploader's school, or the provider's (staff without a school). */
type Lane = string;

/**
 * Runs queued jobs: up to `concurrency` at once and never two of one school, so one school's
 * long upload cannot hold up another school's short clip (issue 25, hole 9). Within a school,
 * and among schools waiting, the oldest job goes first. `kick()` after queueing one, `start()`
 * once, `stop()` on close.
 */
export class JobRunner {
  private readonly active = new Map<
    string,
    { lane: Lane; child: ChildProcess | null; done: Promise<void> }
  >();
  private filling: Promise<void> | null = null;
  private stopped = false;
  private again = false;
  /** Whether the jobs a stopped server left `running` have gone back in the queue. */
  private recovered = false;

  constructor(private readonly o: JobRunnerOptions) {}

  private get concurrency(): number {
    return Math.max(1, this.o.concurrency ?? 2);
  }

  /**
   * Runs the queue, first putting back the jobs a stopped server left running. It never fails the
   * server's start: a database that cannot be reached yet is logged, and the next `kick()` (a new
   * upload) tries again.
   */
  start(): void {
    this.kick();
  }

  /** Fills free slots from the queue; called on start, after an upload and when a job ends. */
  kick(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fill()
      .catch((e: unknown) => this.o.log.error({ err: e }, 'transcode queue failed'))
      .finally(() => {
        this.filling = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Kills running ffmpegs and leaves their jobs `running`, so the next start picks them up. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.active.values()) job.child?.kill('SIGKILL');
    await this.filling?.catch(() => undefined);
    await Promise.all([...this.active.values()].map((j) => j.done.catch(() => undefined)));
  }

  /** Resolves when nothing is queued or running (tests). */
  async idle(): Promise<void> {
    while (this.filling || this.active.size > 0) {
      await this.filling;
      await Promise.all([...this.active.values()].map((j) => j.done));
    }
  }

  private async fill(): Promise<void> {
    if (!this.recovered) {
      await this.o.db
        .updateTable('transcode_jobs')
        .set({ status: 'queued', updated_at: new Date() })
        .where('status', '=', 'running')
        .execute();
      this.recovered = true;
    }
    while (!this.stopped && this.active.size < this.concurrency) {
      const busy = [...new Set([...this.active.values()].map((j) => j.lane))];
      const queued = await this.o.db
        .selectFrom('transcode_jobs')
        .leftJoin('users', 'users.id', 'transcode_jobs.user_id')
        .select([
          'transcode_jobs.id',
          'transcode_jobs.video_id',
          'transcode_jobs.upload_id',
          'transcode_jobs.attempts',
          'users.school_id',
        ])
        .where('transcode_jobs.status', '=', 'queued')
        .orderBy('transcode_jobs.created_at')
        .limit(64)
        .execute();
      const job = queued.find((j) => !busy.includes(j.school_id ?? 'provider'));
      if (!job) return;
      const lane = job.school_id ?? 'provider';
      const slot = { lane, child: null as ChildProcess | null, done: Promise.resolve() };
      this.active.set(job.id, slot);
      slot.done = this.run(slot, job.id, job.video_id, job.upload_id, job.attempts)
        .catch((e: unknown) => this.o.log.error({ err: e, job: job.id }, 'transcode job failed'))
        .finally(() => {
          this.active.delete(job.id);
          this.kick();
        });
    }
  }

  private async update(
    id: string,
    set: {
      status?: 'queued' | 'running' | 'done' | 'failed';
      progress?: number;
      error?: string | null;
      attempts?: number;
    },
  ) {
    await this.o.db
      .updateTable('transcode_jobs')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  private async run(
    slot: { child: ChildProcess | null },
    id: string,
    videoId: string,
    uploadId: string,
    attempts: number,
  ) {
    const { transcoder } = this.o;
    if (!transcoder) {
      await this.update(id, { status: 'failed', error: TRANSCODE_ERRORS.noTranscoder });
      return;
    }
    if (attempts >= (this.o.maxAttempts ?? 3)) {
      await this.update(id, { status: 'failed', error: TRANSCODE_ERRORS.failed });
      return;
    }
    // Claimed only if still queued, so two runners on one database never take the same job.
    const claimed = await this.o.db
      .updateTable('transcode_jobs')
      .set({ status: 'running', progress: 0, attempts: attempts + 1, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const source = join(this.o.uploadsDir, uploadId);
    let info: Probe;
    try {
      info = await probe(transcoder.path, source);
    } catch {
      await this.update(id, { status: 'failed', error: TRANSCODE_ERRORS.missingFile });
      return;
    }
    if (!info.hasVideo) {
      await this.update(id, { status: 'failed', error: TRANSCODE_ERRORS.notVideo });
      return;
    }
    const maxS = this.o.maxDurationS;
    if (info.duration === null || info.duration > maxS) {
      await this.update(id, { status: 'failed', error: TRANSCODE_ERRORS.tooLong });
      return;
    }
    const outDir = join(studioMediaDir(this.o.mediaDir, videoId), id);
    await rm(outDir, { recursive: true, force: true });
    await mkdir(join(outDir, '0'), { recursive: true });
    await mkdir(join(outDir, '1'), { recursive: true });
    const ok = await this.encode(slot, id, source, outDir, info);
    if (this.stopped) return; // killed by stop(): stays running, resumed by the next start
    if (!ok) {
      await this.update(id, { status: 'failed', error: TRANSCODE_ERRORS.failed });
      return;
    }
    const posterOk = await this.poster(slot, source, join(outDir, 'poster.jpg'), info.duration);
    if (this.stopped) return;
    if (posterOk) {
      await copyFile(
        join(outDir, 'poster.jpg'),
        join(studioMediaDir(this.o.mediaDir, videoId), 'poster.jpg'),
      );
    }
    await this.o.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('videos')
        .set({
          video_id: studioMediaUrl(videoId, `${id}/master.m3u8`),
          status: 'COMPLETE',
          duration: info.duration,
          updated_at: new Date(),
        })
        .where('id', '=', videoId)
        .execute();
      await trx
        .updateTable('transcode_jobs')
        .set({ status: 'done', progress: 1, error: null, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    });
  }

  private spawnFfmpeg(
    slot: { child: ChildProcess | null },
    args: string[],
    onProgress?: (seconds: number) => void,
  ): Promise<boolean> {
    return new Promise((resolve) => {
      const child = spawn(this.o.transcoder!.path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      slot.child = child;
      let err = '';
      child.stdout.resume();
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (c: string) => {
        err = (err + c).slice(-4096);
        const all = [...c.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
        const last = all[all.length - 1];
        if (last && onProgress) {
          onProgress(Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]));
        }
      });
      child.on('error', () => resolve(false));
      child.on('exit', (code) => {
        slot.child = null;
        if (code !== 0 && !this.stopped) this.o.log.warn({ ffmpeg: err }, 'ffmpeg failed');
        resolve(code === 0);
      });
    });
  }

  /**
   * One ffmpeg per rendition, and the master playlist written here: the bundled 2018 ffmpeg
   * crashes at exit (SIGSEGV) when one run writes several HLS variants with a master.
   */
  private async encode(
    slot: { child: ChildProcess | null },
    id: string,
    source: string,
    outDir: string,
    info: Probe,
  ): Promise<boolean> {
    const renditions = RENDITIONS.map((r) => ({ ...r, size: outputSize(info, r.height) }));
    let pending: Promise<void> = Promise.resolve();
    for (const [i, r] of renditions.entries()) {
      let lastWrite = 0;
      const ok = await this.spawnFfmpeg(
        slot,
        [
          ...['-hide_banner', '-nostdin', '-y', '-i', source],
          ...['-vf', `scale=w=-2:h='trunc(min(${r.height}\\,ih)/2)*2'`, '-map', '0:v:0'],
          ...(info.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
          ...['-b:v', `${r.kbps}k`, '-maxrate', `${Math.round(r.kbps * 1.5)}k`],
          ...['-bufsize', `${r.kbps * 2}k`],
          // Keyframes every 2 s so each 4 s segment starts cleanly and seeking stays exact.
          ...['-force_key_frames', 'expr:gte(t,n_forced*2)'],
          ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
          ...['-hls_segment_filename', join(outDir, String(i), 'seg%03d.ts')],
          join(outDir, String(i), 'index.m3u8'),
        ],
        (seconds) => {
          if (!info.duration) return;
          const now = Date.now();
          if (now - lastWrite < 400) return;
          lastWrite = now;
          // The renditions share 95 %; the poster is the rest.
          const share = 0.95 / renditions.length;
          const progress = Math.min(0.95, share * i + share * Math.min(1, seconds / info.duration));
          pending = pending.then(() => this.update(id, { progress }).catch(() => undefined));
        },
      );
      await pending;
      if (!ok) return false;
    }
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      ...renditions.flatMap((r, i) => [
        `#EXT-X-STREAM-INF:BANDWIDTH=${(r.kbps + (info.hasAudio ? 128 : 0)) * 1000}` +
          (r.size ? `,RESOLUTION=${r.size.width}x${r.size.height}` : ''),
        `${i}/index.m3u8`,
      ]),
      '',
    ].join('\n');
    await writeFile(join(outDir, 'master.m3u8'), master, 'utf8');
    return true;
  }

  private poster(
    slot: { child: ChildProcess | null },
    source: string,
    out: string,
    duration: number | null,
  ): Promise<boolean> {
    const at = duration ? Math.min(1, duration / 2) : 0;
    return this.spawnFfmpeg(slot, [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      String(at),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      "scale=w=-2:h='trunc(min(720\\,ih)/2)*2'",
      '-q:v',
      '3',
      out,
    ]);
  }
}
