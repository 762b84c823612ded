import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModerationQueueResponse } from '../../contracts/api/moderation';
import {
  OutputListResponse,
  OutputResponse,
  UploadImageResponse,
} from '../../contracts/api/outputs';
import { FeedbackApprovalResponse } from '../../contracts/api/screening';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';
import { evalPictureBytes } from './evaluation/pictures';
import { PictureScreener } from './screener';
import type { PictureReading } from './verdict';

/**
 * Issue 26, pictures: an output's uploaded pictures are screened off the request path — the
 * upload answers while the screening has not even started, the output waits (pending, out of
 * the queue, unseen by classmates) and is then published or held with the reason the teacher
 * sees. Reading fails closed. "Approve every picture first" holds clear pictures too.
 */
const SESSION = DEMO_IDS.sessions.forestLive;
const WORK = 'work-forest-archive';
const CLASS = DEMO_IDS.groups.class2a;

/** A reading the test hands out by hand: nothing is read until `release` is called. */
function gatedReader() {
  const waiting: Array<{ resolve(r: PictureReading): void; reject(e: Error): void }> = [];
  let arrived: () => void = () => {};
  return {
    read: () =>
      new Promise<PictureReading>((resolve, reject) => {
        waiting.push({ resolve, reject });
        arrived();
      }),
    /** Resolves once a reading has been asked for. */
    started: () =>
      waiting.length > 0 ? Promise.resolve() : new Promise<void>((r) => (arrived = r)),
    release: (reading: PictureReading) => waiting.shift()!.resolve(reading),
    fail: (message: string) => waiting.shift()!.reject(new Error(message)),
    get asked() {
      return waiting.length;
    },
  };
}

async function uploadAs(t: TestApp, account: string, bytes: Buffer) {
  const boundary = '----tomoni-pictures';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/output/image',
    headers: {
      ...(await t.authHeader(account)),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return UploadImageResponse.parse(res.json()).url.split('?')[0]!;
}

async function postWith(t: TestApp, account: string, url: string, description = '森の観察です') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/output',
    headers: await t.authHeader(account),
    payload: { sessionId: SESSION, workId: WORK, status: 'published', description, images: [url] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return OutputResponse.parse(res.json()).item;
}

async function outputRow(t: TestApp, id: string) {
  return t.db
    .selectFrom('outputs')
    .select(['status', 'violation_statuses', 'awaiting_pictures'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** How many violation notices (the author is told a post is held) a user has. */
async function violationNotices(t: TestApp, userId: string) {
  const rows = await t.db
    .selectFrom('notifications')
    .select('type')
    .where('user_id', '=', userId)
    .where('type', '=', 'outputsViolation')
    .execute();
  return rows.length;
}

async function seenBy(t: TestApp, account: string, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/session/${SESSION}/outputs`,
    headers: await t.authHeader(account),
  });
  return OutputListResponse.parse(res.json()).items.some((o) => o.id === id);
}

async function queueItem(t: TestApp, id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/moderation/queue',
    headers: await t.authHeader('teacher'),
  });
  return ModerationQueueResponse.parse(res.json()).items.find((i) => i.id === id);
}

const clearReading: PictureReading = {
  text: '森で見つけた葉っぱ',
  scores: { Drawing: 0.1, Neutral: 0.88, Hentai: 0.01, Porn: 0.005, Sexy: 0.005 },
};

describe('screening off the request path (a reader the test controls)', () => {
  let t: TestApp;
  const reader = gatedReader();
  beforeAll(async () => {
    t = await createTestApp({ readPicture: reader.read });
  }, 60_000);
  afterAll(() => t.close());

  it('answers the upload and the post before the picture is read, and publishes once it is clear', async () => {
    const url = await uploadAs(t, 'student02', await evalPictureBytes('sky.jpg'));
    // The upload has answered; its reading is still in the reader's hands.
    await reader.started();
    const queued = await t.db
      .selectFrom('picture_screenings')
      .select('state')
      .where('url', '=', url)
      .executeTakeFirstOrThrow();
    expect(queued.state).toBe('queued');

    const output = await postWith(t, 'student02', url);
    expect(output.status).toBe('pending');
    expect(output.violationStatuses).toEqual([]);
    expect(await seenBy(t, 'student03', output.id)).toBe(false);
    // Not the teachers' yet: it only waits for its picture.
    expect(await queueItem(t, output.id)).toBeUndefined();

    reader.release(clearReading);
    await t.app.pictures.idle();
    expect(await outputRow(t, output.id)).toMatchObject({
      status: 'published',
      awaiting_pictures: false,
    });
    expect(await seenBy(t, 'student03', output.id)).toBe(true);
  });

  it('holds the picture for a teacher when reading fails (never publishes it)', async () => {
    const url = await uploadAs(t, 'student04', await evalPictureBytes('shapes.jpg'));
    await reader.started();
    const output = await postWith(t, 'student04', url);
    reader.fail('out of memory');
    await t.app.pictures.idle();
    expect(await outputRow(t, output.id)).toMatchObject({
      status: 'pending',
      violation_statuses: [],
    });
    expect(await seenBy(t, 'student03', output.id)).toBe(false);
    const item = await queueItem(t, output.id);
    expect(item?.pictures).toEqual([
      expect.objectContaining({ state: 'held', reasons: ['failed'] }),
    ]);
  });

  it('holds a picture whose reading never ends once the timeout passes', async () => {
    const name = `${'e'.repeat(32)}.jpg`;
    await writeFile(join(t.config.dataDir, 'uploads', name), await evalPictureBytes('sky.jpg'));
    await t.db
      .insertInto('picture_screenings')
      .values({ url: `/uploads/${name}` })
      .execute();
    const stuck = new PictureScreener(t.db, join(t.config.dataDir, 'uploads'), t.app.log, {
      read: () => new Promise<PictureReading>(() => {}),
      timeoutMs: 200,
    });
    stuck.kick();
    await stuck.idle();
    const row = await t.db
      .selectFrom('picture_screenings')
      .select(['state', 'verdict', 'reasons'])
      .where('url', '=', `/uploads/${name}`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'done',
      verdict: 'held',
      reasons: [{ kind: 'failed', message: 'screening took over 200 ms' }],
    });
    await stuck.close();
  });

  it('does not count loading the models against a reading, which has its own limit', async () => {
    const name = `${'f'.repeat(32)}.jpg`;
    await writeFile(join(t.config.dataDir, 'uploads', name), await evalPictureBytes('sky.jpg'));
    await t.db
      .insertInto('picture_screenings')
      .values({ url: `/uploads/${name}` })
      .execute();
    const slowStart = new PictureScreener(t.db, join(t.config.dataDir, 'uploads'), t.app.log, {
      warm: () => new Promise((resolve) => setTimeout(resolve, 400)),
      read: async () => ({ text: '', scores: { Neutral: 0.98, Drawing: 0.02 } }),
      timeoutMs: 200,
      warmTimeoutMs: 5_000,
    });
    slowStart.kick();
    await slowStart.idle();
    const row = await t.db
      .selectFrom('picture_screenings')
      .select(['state', 'verdict'])
      .where('url', '=', `/uploads/${name}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'done', verdict: 'clear' });
    await slowStart.close();
  });

  it('holds a picture the model is unsure about, and one the model calls sexual with the image flag', async () => {
    const unsureUrl = await uploadAs(t, 'student05', await evalPictureBytes('field.jpg'));
    await reader.started();
    reader.release({ text: '', scores: { Neutral: 0.6, Sexy: 0.3, Porn: 0.05, Hentai: 0.05 } });
    await t.app.pictures.idle();
    const unsure = await postWith(t, 'student05', unsureUrl);
    expect(unsure.status).toBe('pending');
    expect(unsure.violationStatuses).toEqual([]);
    expect((await queueItem(t, unsure.id))?.pictures[0]?.reasons).toEqual(['unsure']);

    const sexualUrl = await uploadAs(t, 'student06', await evalPictureBytes('night.jpg'));
    await reader.started();
    reader.release({ text: '', scores: { Porn: 0.7, Hentai: 0.1, Neutral: 0.2 } });
    await t.app.pictures.idle();
    const sexual = await postWith(t, 'student06', sexualUrl);
    expect(sexual.status).toBe('pending');
    expect(sexual.violationStatuses).toEqual(['image']);
    expect((await queueItem(t, sexual.id))?.pictures[0]?.reasons).toEqual(['sexual']);
  });

  it("holds a stock photo with the spec's image-warning and tells its author, and the teacher sees why", async () => {
    const url = await uploadAs(t, 'student01', await evalPictureBytes('sky.jpg'));
    await reader.started();
    reader.release({ text: 'Getty Images\n', scores: { Neutral: 0.97, Drawing: 0.03 } });
    await t.app.pictures.idle();
    const output = await postWith(t, 'student01', url);
    expect(output.status).toBe('pending');
    expect(output.violationStatuses).toEqual(['image-warning']);
    expect((await queueItem(t, output.id))?.pictures[0]?.reasons).toEqual(['copyright']);
    expect(await violationNotices(t, output.userId)).toBeGreaterThan(0);
    expect(await seenBy(t, 'student03', output.id)).toBe(false);
  });

  it('holds every clear picture of a group whose staff approve every picture first', async () => {
    const setting = `/v1/group/${CLASS}/pictureApproval`;
    const pupil = await t.app.inject({
      method: 'PUT',
      url: setting,
      headers: await t.authHeader('student07'),
      payload: { enabled: true },
    });
    expect(pupil.statusCode).toBe(403);
    const on = await t.app.inject({
      method: 'PUT',
      url: setting,
      headers: await t.authHeader('teacher'),
      payload: { enabled: true },
    });
    expect(FeedbackApprovalResponse.parse(on.json()).item.enabled).toBe(true);

    const url = await uploadAs(t, 'student07', await evalPictureBytes('chart.jpg'));
    await reader.started();
    const output = await postWith(t, 'student07', url);
    reader.release(clearReading);
    await t.app.pictures.idle();
    expect(await outputRow(t, output.id)).toMatchObject({
      status: 'pending',
      violation_statuses: [],
    });
    expect((await queueItem(t, output.id))?.pictures[0]).toMatchObject({
      state: 'held',
      reasons: ['approval'],
    });
    // The teacher releases it: classmates see it.
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v1/moderation/outputs/${output.id}/decision`,
      headers: await t.authHeader('teacher'),
      payload: { decision: 'publish' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await seenBy(t, 'student03', output.id)).toBe(true);
  });
});

describe('the real screening thread (OCR jpn/eng and the model)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('holds a picture of a written phone number with the image flag and tells its author', async () => {
    const url = await uploadAs(t, 'student02', await evalPictureBytes('phone-notebook.jpg'));
    const output = await postWith(t, 'student02', url);
    expect(output.status).toBe('pending');
    await t.app.pictures.idle();
    expect(await outputRow(t, output.id)).toMatchObject({
      status: 'pending',
      violation_statuses: ['image'],
      awaiting_pictures: false,
    });
    const item = await queueItem(t, output.id);
    expect(item?.pictures[0]).toMatchObject({ state: 'held', reasons: ['phone'] });
    expect(item?.pictures[0]?.text).toContain('090-1234-5678');
    expect(await violationNotices(t, output.userId)).toBeGreaterThan(0);
    expect(await seenBy(t, 'student03', output.id)).toBe(false);
  }, 60_000);

  it('publishes a maths note with look-alike numbers (3-4-5, squares)', async () => {
    const url = await uploadAs(t, 'student04', await evalPictureBytes('maths-triangle.jpg'));
    const output = await postWith(t, 'student04', url);
    await t.app.pictures.idle();
    expect(await outputRow(t, output.id)).toMatchObject({ status: 'published' });
    expect(await seenBy(t, 'student03', output.id)).toBe(true);
  }, 60_000);

  it('keeps a picture that says its writer wants to die as a concern for the adults', async () => {
    const url = await uploadAs(t, 'student05', await evalPictureBytes('selfharm.jpg'));
    const output = await postWith(t, 'student05', url);
    await t.app.pictures.idle();
    expect(await outputRow(t, output.id)).toMatchObject({ status: 'pending' });
    const concerns = await t.db
      .selectFrom('safeguarding_concerns')
      .select(['channel', 'text'])
      .where('user_id', '=', output.userId)
      .execute();
    expect(concerns).toEqual([expect.objectContaining({ channel: 'output' })]);
    expect(concerns[0]!.text).toContain('今夜いなくなる');
  }, 60_000);
});
