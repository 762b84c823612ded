import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findTranscoder, JobRunner, type Transcoder } from './transcoder';

/**
 * Issue 25, hole 9: on 9b21295 transcoding took any length of video and ran one queue for every
 * school, so a 5-minute upload made another school's 2-s clip wait for it.
 */

let t: TestApp;
let transcoder: Transcoder;
let dir: string;
let videos: string[];
const users: Record<string, string> = {};

function clip(seconds: number): string {
  const out = join(dir, `clip-${seconds}.mp4`);
  if (!existsSync(out)) {
    execFileSync(transcoder.path, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      out,
    ]);
  }
  return out;
}

beforeAll(async () => {
  const found = await findTranscoder('auto');
  if (!found) throw new Error('no ffmpeg: the bundled @ffmpeg-installer binary should be there');
  transcoder = found;
  dir = mkdtempSync(join(tmpdir(), 'tomoni-transcode-'));
  mkdirSync(join(dir, 'uploads'));
  mkdirSync(join(dir, 'media'));
  t = await createTestApp();
  videos = (await t.db.selectFrom('videos').select('id').limit(4).execute()).map((v) => v.id);
  for (const account of ['teacher', 'sakura-teacher']) {
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    users[account] = row.id;
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Queues a job for `seconds` of video uploaded by `account`, `order` ms after the first. */
async function queue(name: string, account: string, seconds: number, video: string, order: number) {
  copyFileSync(clip(seconds), join(dir, 'uploads', name));
  const row = await t.db
    .insertInto('transcode_jobs')
    .values({
      video_id: video,
      upload_id: name,
      user_id: users[account]!,
      file_name: `${name}.mp4`,
      created_at: new Date(Date.now() - 60_000 + order),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const runner = (maxDurationS: number) =>
  new JobRunner({
    db: t.db,
    transcoder,
    uploadsDir: join(dir, 'uploads'),
    mediaDir: join(dir, 'media'),
    log: t.app.log,
    concurrency: 2,
    maxDurationS,
  });

describe('hole 9: transcoding is bounded and shared fairly between schools', () => {
  it('runs another school’s short clip beside a long upload, and one school’s jobs one at a time', async () => {
    const long = await queue('a-long', 'teacher', 20, videos[0]!, 0);
    const second = await queue('a-short', 'teacher', 2, videos[1]!, 1);
    const other = await queue('b-short', 'sakura-teacher', 2, videos[2]!, 2);
    const finished: string[] = [];
    const jobs = runner(60);
    jobs.start();
    const until = Date.now() + 240_000;
    while (finished.length < 3 && Date.now() < until) {
      const rows = await t.db
        .selectFrom('transcode_jobs')
        .select(['id', 'status', 'error'])
        .where('id', 'in', [long, second, other])
        .execute();
      for (const r of rows) {
        if (r.status === 'failed') throw new Error(`job failed: ${r.error}`);
        if (r.status === 'done' && !finished.includes(r.id)) finished.push(r.id);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await jobs.idle();
    // The other school's clip did not wait for the long upload; the same school's second job did.
    expect(finished).toEqual([other, long, second]);
  }, 300_000);

  it('refuses a video longer than the limit with a reason the studio names', async () => {
    const id = await queue('too-long', 'teacher', 6, videos[3]!, 3);
    const jobs = runner(5);
    jobs.start();
    await jobs.idle();
    const row = await t.db
      .selectFrom('transcode_jobs')
      .select(['status', 'error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error: 'videoTooLong' });
    const video = await t.db
      .selectFrom('videos')
      .select('video_id')
      .where('id', '=', videos[3]!)
      .executeTakeFirstOrThrow();
    expect(video.video_id).not.toContain('too-long');
  }, 120_000);
});
