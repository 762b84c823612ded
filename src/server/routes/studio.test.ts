import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  STUDIO_DEFAULT_IMAGE,
  StudioSessionResponse,
  StudioVideoResponse,
  StudioWorkResponse,
  type StudioSessionInput,
} from '../../contracts/api/studio';
import { GetSessionResponse } from '../../contracts/api/sessions';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
import { findTranscoder } from '../studio/transcoder';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { App } from '../http/app-type';

let t: TestApp;
let staff: { authorization: string };
let teacher: { authorization: string };
let member: { authorization: string };
let ffmpeg: string;
const dirs = {
  DATA_DIR: mkdtempSync(join(tmpdir(), 'tomoni-studio-data-')),
  MEDIA_DIR: mkdtempSync(join(tmpdir(), 'tomoni-studio-media-')),
};

beforeAll(async () => {
  t = await createTestApp({ env: dirs });
  [staff, teacher, member] = await Promise.all([
    t.authHeader('staff'),
    t.authHeader('teacher'),
    t.authHeader('student01'),
  ]);
  const found = await findTranscoder('auto');
  if (!found) throw new Error('no ffmpeg: the bundled @ffmpeg-installer binary should be there');
  ffmpeg = found.path;
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;
const sessionBody = (over: Partial<StudioSessionInput> = {}): StudioSessionInput => ({
  title: '海のしごと',
  image: '/media/images/sessions/ocean.jpg',
  status: 'IN_PROGRESS',
  startTime: Date.now() + HOUR,
  endTime: Date.now() + 2 * HOUR,
  isWatchable: true,
  target: { type: 'GROUP', targets: [DEMO_IDS.groups.class2a] },
  en: { title: 'Ocean jobs' },
  ...over,
});

const errorCode = (body: string) => ErrorBody.parse(JSON.parse(body)).error.code;

async function create(headers: { authorization: string }, over: Partial<StudioSessionInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/studio/session',
    headers,
    payload: sessionBody(over),
  });
  expect(res.statusCode, res.body).toBe(200);
  return StudioSessionResponse.parse(res.json()).item;
}

async function addVideo(headers: { authorization: string }, sessionId: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/studio/session/${sessionId}/video`,
    headers,
    payload: body,
  });
}

const chapter = { start: 2, end: 5, action: 'chapter', params: { name: '導入' } };
const vote = {
  start: 5,
  end: 9,
  resultTime: 8,
  action: 'vote',
  params: { name: 'どれがいい？', discussId: 'v1', choices: ['A', 'B'] },
};

describe('studio sessions', () => {
  it('staff author a session with a video and moments that learners then read', async () => {
    const s = await create(staff, { target: { type: 'ALL', targets: [] } });
    expect(s.editable).toBe(true);
    expect(s.ownerSchoolId).toBeNull();
    const res = await addVideo(staff, s.id, {
      title: 'Main',
      type: 'DIGEST',
      hlsUrl: '/media/videos/ocean/master.m3u8',
      actions: [chapter, vote],
      actionTranslations: [{ name: 'Intro' }, { name: 'Which?', choices: ['A!', 'B!'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/v1/session/${s.id}`, headers: member });
    expect(read.statusCode, read.body).toBe(200);
    const item = GetSessionResponse.parse(read.json()).item;
    expect(item.videos[0]!.actions.map((a) => [a.action, a.start])).toEqual([
      ['chapter', 2],
      ['vote', 5],
    ]);
  });

  it('a member may not use the studio', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/studio/sessions', headers: member });
    expect(res.statusCode).toBe(403);
    const post = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/session',
      headers: member,
      payload: sessionBody(),
    });
    expect(post.statusCode).toBe(403);
  });

  it('a teacher targets their own groups only', async () => {
    const own = await create(teacher);
    expect(own.ownerSchoolId).toBe(DEMO_IDS.school);
    for (const target of [
      { type: 'GROUP', targets: [DEMO_IDS.groups.sakura1a] },
      { type: 'SCHOOL', targets: [DEMO_IDS.school] },
      { type: 'ALL', targets: [] },
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/studio/session',
        headers: teacher,
        payload: sessionBody({ target: { ...target, targets: [...target.targets] } }),
      });
      expect(res.statusCode, JSON.stringify(target)).toBe(403);
      expect(errorCode(res.body)).toBe('forbidden');
    }
    // …nor move an own session to another school's group.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/studio/session/${own.id}`,
      headers: teacher,
      payload: sessionBody({ target: { type: 'GROUP', targets: [DEMO_IDS.groups.sakura1a] } }),
    });
    expect(put.statusCode).toBe(403);
  });

  it("a teacher cannot edit the provider's sessions, nor read another school's in the studio", async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/studio/session/${DEMO_IDS.sessions.oceanLive}`,
      headers: teacher,
      payload: sessionBody(),
    });
    expect(put.statusCode, put.body).toBe(403);
    const dup = await t.app.inject({
      method: 'POST',
      url: `/v1/studio/session/${DEMO_IDS.sessions.oceanLive}/duplicate`,
      headers: teacher,
    });
    expect(dup.statusCode).toBe(403);
    const sakura = await t.authHeader('sakura-teacher');
    const own = await create(teacher);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/v1/studio/session/${own.id}`,
      headers: sakura,
    });
    expect(peek.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/studio/sessions',
      headers: teacher,
    });
    const ids = (list.json() as { items: Array<{ id: string }> }).items.map((i) => i.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(DEMO_IDS.sessions.oceanLive);
  });

  it('duplicates as PRIVATE and archives out of the lists', async () => {
    const s = await create(teacher);
    const dup = await t.app.inject({
      method: 'POST',
      url: `/v1/studio/session/${s.id}/duplicate`,
      headers: teacher,
    });
    expect(dup.statusCode, dup.body).toBe(200);
    const copy = StudioSessionResponse.parse(dup.json()).item;
    expect(copy.id).not.toBe(s.id);
    expect(copy.status).toBe('PRIVATE');
    const arch = await t.app.inject({
      method: 'PUT',
      url: `/v1/studio/session/${s.id}/archived`,
      headers: teacher,
      payload: { archived: true },
    });
    expect(StudioSessionResponse.parse(arch.json()).item.archived).toBe(true);
    const read = await t.app.inject({ method: 'GET', url: `/v1/session/${s.id}`, headers: member });
    expect(read.statusCode).toBe(404);
  });

  it('refuses malformed timed actions with a 400 naming the field, and stores nothing', async () => {
    const s = await create(staff, { target: { type: 'ALL', targets: [] } });
    const bad: unknown[] = [
      { ...vote, params: { ...vote.params, choices: ['only one'] } },
      { ...chapter, end: 1 },
      { ...chapter, params: {} },
      { ...chapter, action: 'explode' },
      { ...chapter, params: { name: 'x', script: '<b>' } },
      { ...vote, params: { name: 'q', choices: ['A', 'B'] } },
      { start: 1, action: 'image', params: { image: 'javascript:alert(1)' } },
      { start: -1, action: 'telop', params: { name: 'x' } },
    ];
    for (const action of bad) {
      const res = await addVideo(staff, s.id, { title: 'v', type: 'DIGEST', actions: [action] });
      expect(res.statusCode, JSON.stringify(action)).toBe(400);
      expect(errorCode(res.body)).toBe('badRequest');
    }
    const two = await addVideo(staff, s.id, { title: 'v', type: 'DIGEST', actions: [vote, vote] });
    expect(two.statusCode).toBe(400);
    const videos = await t.db
      .selectFrom('videos')
      .select('id')
      .where('session_id', '=', s.id)
      .execute();
    expect(videos).toHaveLength(0);
  });

  it('refuses bad sessions: end before start, unknown tag, a script link', async () => {
    for (const over of [
      { endTime: Date.now() - HOUR },
      { tagIds: ['no-such-tag'] },
      { documentLinks: [{ label: 'x', url: 'javascript:alert(1)' }] },
      { target: { type: 'GROUP' as const, targets: [] } },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/studio/session',
        headers: staff,
        payload: sessionBody(over),
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
  });
});

describe('captions', () => {
  let videoId: string;
  beforeAll(async () => {
    const s = await create(staff, { target: { type: 'ALL', targets: [] } });
    const res = await addVideo(staff, s.id, { title: 'v', type: 'DIGEST' });
    videoId = StudioSessionResponse.parse(res.json()).item.videos[0]!.id;
  });

  it('converts SRT to WebVTT and serves it under /media', async () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:03,500\r\nこんにちは\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,000\r\n二行目\r\n';
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/studio/video/${videoId}/caption/ja`,
      headers: staff,
      payload: { text: srt },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = StudioVideoResponse.parse(res.json()).item.captionFile.ja!;
    expect(url).toMatch(/^\/media\/studio\/.+\/captions\.ja\.vtt\?v=\d+$/);
    const file = join(dirs.MEDIA_DIR, 'studio', videoId, 'captions.ja.vtt');
    expect(readFileSync(file, 'utf8')).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nこんにちは\n\n00:00:04.000 --> 00:00:06.000\n二行目\n',
    );
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.body.startsWith('WEBVTT')).toBe(true);
  });

  it('refuses captions that do not parse, naming the line', async () => {
    for (const text of [
      'hello world',
      '1\n00:00:05,000 --> 00:00:01,000\nbackwards\n',
      'WEBVTT\n\n',
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/studio/video/${videoId}/caption/en`,
        headers: staff,
        payload: { text },
      });
      expect(res.statusCode, text).toBe(400);
      expect(errorCode(res.body)).toBe('captionInvalid');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads (tus) and transcoding

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function tusCreate(app: App, videoId: string, length: number, filetype = 'video/mp4') {
  return app.inject({
    method: 'POST',
    url: '/v1/studio/uploads',
    headers: {
      ...staff,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `videoId ${b64(videoId)},filename ${b64('clip.mp4')},filetype ${b64(filetype)}`,
    },
  });
}

async function tusPatch(app: App, location: string, offset: number, bytes: Buffer) {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...staff,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

async function newVideo(): Promise<string> {
  const s = await create(staff, { target: { type: 'ALL', targets: [] } });
  const res = await addVideo(staff, s.id, { title: 'upload', type: 'ARCHIVE_LOW' });
  return StudioSessionResponse.parse(res.json()).item.videos[0]!.id;
}

function makeClip(seconds: number): Buffer {
  const out = join(dirs.DATA_DIR, `clip-${seconds}.mp4`);
  if (!existsSync(out)) {
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out],
    ]);
  }
  return readFileSync(out);
}

async function jobOf(app: App, videoId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/v1/studio/video/${videoId}/job`,
    headers: staff,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { item: { status: string; progress: number; error: string | null } | null })
    .item;
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('uploads', () => {
  it('refuses a file that is not a video: by its declared type, and by its bytes', async () => {
    const videoId = await newVideo();
    const declared = await tusCreate(t.app, videoId, 10, 'text/plain');
    expect(declared.statusCode).toBe(415);
    expect(errorCode(declared.body)).toBe('unsupportedMedia');
    const text = Buffer.from('this is not a video, only some text pretending to be one');
    const created = await tusCreate(t.app, videoId, text.length);
    expect(created.statusCode, created.body).toBe(201);
    const patch = await tusPatch(t.app, created.headers.location as string, 0, text);
    expect(patch.statusCode).toBe(415);
    expect(await jobOf(t.app, videoId)).toBeNull();
  });

  it('refuses an upload to a session the caller may not edit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/uploads',
      headers: {
        ...teacher,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `videoId ${b64(await newVideo())},filetype ${b64('video/mp4')}`,
      },
    });
    expect(res.statusCode).toBe(403);
  });

  it('hole 2 (issue 25): an upload is named by one id, parsed once; a foreign id is 404 whatever the query says', async () => {
    const other = await t.authHeader('sakura-teacher');
    const tusCreateAs = async (
      headers: { authorization: string },
      videoId: string,
      length: number,
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/studio/uploads',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': `videoId ${b64(videoId)},filename ${b64('clip.mp4')},filetype ${b64('video/mp4')}`,
        },
      });
    const videoOf = async (headers: { authorization: string }, groupId: string) => {
      const s = await create(headers, { target: { type: 'GROUP', targets: [groupId] } });
      const res = await addVideo(headers, s.id, { title: 'upload', type: 'ARCHIVE_LOW' });
      expect(res.statusCode, res.body).toBe(200);
      return StudioSessionResponse.parse(res.json()).item.videos[0]!.id;
    };
    const mine = await tusCreateAs(teacher, await videoOf(teacher, DEMO_IDS.groups.class2a), 1000);
    const theirs = await tusCreateAs(other, await videoOf(other, DEMO_IDS.groups.sakura1a), 2000);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const idOf = (res: { headers: Record<string, unknown> }) =>
      String(res.headers.location).split('/').pop()!;
    const [demoId, ownId] = [idOf(mine), idOf(theirs)];
    const tus = (method: 'HEAD' | 'PATCH' | 'DELETE', url: string) =>
      t.app.inject({
        method,
        url,
        headers: {
          ...other,
          'tus-resumable': '1.0.0',
          ...(method === 'PATCH'
            ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
            : {}),
        },
        ...(method === 'PATCH' ? { payload: Buffer.from('x') } : {}),
      });
    // The demo school's upload by its own URL: not found for another school.
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      expect((await tus(method, `/v1/studio/uploads/${demoId}`)).statusCode).toBe(404);
    }
    // Their own id in the path and the demo's in the query: tus acts on their own upload only.
    const tricks = [`?x=/${demoId}`, `?x=%2F${demoId}`, `?/${demoId}`];
    for (const q of tricks) {
      const head = await tus('HEAD', `/v1/studio/uploads/${ownId}${q}`);
      expect(head.headers['upload-length'], q).toBe('2000');
    }
    await tus('PATCH', `/v1/studio/uploads/${ownId}?x=/${demoId}`);
    expect((await tus('DELETE', `/v1/studio/uploads/${ownId}?x=/${demoId}`)).statusCode).toBe(204);
    // The demo school's upload is untouched: its owner still finds it at offset 0.
    const still = await t.app.inject({
      method: 'HEAD',
      url: `/v1/studio/uploads/${demoId}`,
      headers: { ...teacher, 'tus-resumable': '1.0.0' },
    });
    expect(still.statusCode).toBe(200);
    expect(still.headers['upload-offset']).toBe('0');
    expect(still.headers['upload-length']).toBe('1000');
  });

  it('says so clearly when the server has no ffmpeg', async () => {
    const bare = await t.withEnv({ ...dirs, FFMPEG: 'none' });
    const res = await tusCreate(bare, await newVideo(), 10);
    expect(res.statusCode).toBe(503);
    expect(errorCode(res.body)).toBe('transcoderMissing');
    const options = await bare.inject({ method: 'GET', url: '/v1/studio/options', headers: staff });
    expect((options.json() as { transcoder: unknown }).transcoder).toBeNull();
  });

  it("takes the server's caps on videos from its configuration and tells the studio them", async () => {
    const capped = await t.withEnv({
      ...dirs,
      VIDEO_UPLOAD_MAX_BYTES: '5000',
      VIDEO_MAX_DURATION_S: '600',
    });
    const options = await capped.inject({
      method: 'GET',
      url: '/v1/studio/options',
      headers: staff,
    });
    expect((options.json() as { limits: unknown }).limits).toEqual({
      maxDurationS: 600,
      maxUploadBytes: 5000,
    });
    const videoId = await newVideo();
    expect((await tusCreate(capped, videoId, 5001)).statusCode).toBe(413);
    expect((await tusCreate(capped, videoId, 5000)).statusCode).toBe(201);
    // The default server keeps the contract's caps.
    const plain = await t.app.inject({ method: 'GET', url: '/v1/studio/options', headers: staff });
    expect((plain.json() as { limits: unknown }).limits).toEqual({
      maxDurationS: 2 * 60 * 60,
      maxUploadBytes: 2 * 1024 ** 3,
    });
  });

  it('resumes an upload in two parts and transcodes it to two renditions and a poster', async () => {
    const videoId = await newVideo();
    const clip = makeClip(4);
    const created = await tusCreate(t.app, videoId, clip.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(clip.length / 2);
    expect((await tusPatch(t.app, location, 0, clip.subarray(0, half))).statusCode).toBe(204);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...staff, 'tus-resumable': '1.0.0' },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await tusPatch(t.app, location, half, clip.subarray(half))).statusCode).toBe(204);
    const job = await waitFor(
      () => jobOf(t.app, videoId),
      (j) => j?.status === 'done' || j?.status === 'failed',
    );
    expect(job).toMatchObject({ status: 'done', progress: 1 });
    const video = await t.app.inject({
      method: 'GET',
      url: `/v1/studio/video/${videoId}`,
      headers: staff,
    });
    const item = StudioVideoResponse.parse(video.json()).item;
    expect(item.duration).toBeCloseTo(4, 0);
    const master = await t.app.inject({ method: 'GET', url: item.videoId });
    expect(master.statusCode).toBe(200);
    expect(master.body.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: item.poster! })).statusCode).toBe(200);
  });

  it('a transcoding job interrupted by a restart finishes after it', async () => {
    const videoId = await newVideo();
    const clip = makeClip(16);
    const created = await tusCreate(t.app, videoId, clip.length);
    await tusPatch(t.app, created.headers.location as string, 0, clip);
    await waitFor(
      () => jobOf(t.app, videoId),
      (j) => j?.status === 'running' && j.progress > 0,
    );
    // The server stops mid-job: ffmpeg is killed, the row stays `running`.
    await t.app.transcodeJobs.stop();
    const stopped = await jobOf(t.app, videoId);
    expect(stopped?.status).toBe('running');
    expect(stopped!.progress).toBeLessThan(0.95);
    // A new server on the same database picks the job up when it starts.
    const restarted = await t.withEnv(dirs);
    await restarted.ready();
    const job = await waitFor(
      () => jobOf(restarted, videoId),
      (j) => j?.status === 'done' || j?.status === 'failed',
      120_000,
    );
    expect(job?.status).toBe('done');
    const rows = await t.db
      .selectFrom('transcode_jobs')
      .select('attempts')
      .where('video_id', '=', videoId)
      .execute();
    expect(rows).toEqual([{ attempts: 2 }]);
  }, 180_000);
});

describe('studio pictures, works and preview (issue 24)', () => {
  async function uploadImage(
    headers: { authorization: string },
    bytes: Buffer,
    url = '/v1/studio/image',
  ) {
    const boundary = '----tomoni-studio-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\n` +
          `Content-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  }
  const photo = () =>
    sharp({ create: { width: 640, height: 360, channels: 3, background: '#36a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer();
  const plain = (url: string) => url.split('?')[0]!;

  it('a teacher uploads a picture through the pupils’ pipeline (EXIF gone) and uses it', async () => {
    const res = await uploadImage(teacher, await photo());
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=/);
    const stored = await readFile(join(dirs.DATA_DIR, plain(url)));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    // The signed URL the answer handed out is sent back as it came.
    const s = await create(teacher, { image: url, status: 'PRIVATE' });
    expect(plain(s.image)).toBe(plain(url));
  });

  it('refuses a picture of another school, a pupil’s output image, and a member’s upload', async () => {
    const mine = (await uploadImage(teacher, await photo())).json() as { url: string };
    const sakura = await t.authHeader('sakura-teacher');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/session',
      headers: sakura,
      payload: sessionBody({
        image: mine.url,
        target: { type: 'GROUP', targets: [DEMO_IDS.groups.sakura1a] },
      }),
    });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(errorCode(foreign.body)).toBe('badRequest');
    const pupils = (await uploadImage(member, await photo(), '/v1/output/image')).json() as {
      url: string;
    };
    const borrowed = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/session',
      headers: teacher,
      payload: sessionBody({ image: pupils.url }),
    });
    expect(borrowed.statusCode, borrowed.body).toBe(400);
    // Nor on the timeline: an image moment showing the pupil's picture.
    const own = await create(teacher, { image: mine.url });
    const moment = await addVideo(teacher, own.id, {
      title: 'Main',
      type: 'DIGEST',
      hlsUrl: '/media/videos/ocean/master.m3u8',
      actions: [{ start: 1, end: 4, action: 'image', params: { image: pupils.url } }],
    });
    expect(moment.statusCode, moment.body).toBe(400);
    const ok = await addVideo(teacher, own.id, {
      title: 'Main',
      type: 'DIGEST',
      hlsUrl: '/media/videos/ocean/master.m3u8',
      actions: [{ start: 1, end: 4, action: 'image', params: { image: mine.url } }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await uploadImage(member, await photo())).statusCode).toBe(403);
    const notImage = await uploadImage(teacher, Buffer.from('not a picture at all'));
    expect(notImage.statusCode).toBe(400);
  });

  it('a session saved without a picture shows the neutral default', async () => {
    const { image: _image, ...body } = sessionBody();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/session',
      headers: teacher,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(StudioSessionResponse.parse(res.json()).item.image).toBe(STUDIO_DEFAULT_IMAGE);
  });

  it('lists each seeded work once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/studio/works', headers: teacher });
    const titles = (res.json() as { items: Array<{ title: string }> }).items.map((w) => w.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('works: a teacher writes, edits and removes their own; others get 404, the provider’s 403', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/work',
      headers: teacher,
      payload: {
        title: '海を守るには？',
        description: 'あなたの考えを書こう',
        questions: ['今日からできることは？'],
        en: { title: 'How to protect the sea?', questions: ['What can you do from today?'] },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const work = StudioWorkResponse.parse(made.json()).item;
    expect(work.en?.title).toBe('How to protect the sea?');
    const s = await create(teacher, { workIds: [work.id] });
    expect(s.workIds).toEqual([work.id]);

    const sakura = await t.authHeader('sakura-teacher');
    const edit = {
      title: '海を守るには？（改）',
      description: '',
      questions: ['今日からできることは？', '家族にできることは？'],
    };
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/v1/studio/work/${work.id}`,
        headers: sakura,
        ...(method === 'PUT' ? { payload: edit } : {}),
      });
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
    }
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/session',
      headers: sakura,
      payload: sessionBody({
        workIds: [work.id],
        target: { type: 'GROUP', targets: [DEMO_IDS.groups.sakura1a] },
      }),
    });
    expect(theirs.statusCode).toBe(400);
    const provider = await t.app.inject({
      method: 'PUT',
      url: `/v1/studio/work/${DEMO_IDS.works.ocean}`,
      headers: teacher,
      payload: edit,
    });
    expect(provider.statusCode).toBe(403);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/v1/studio/work/${work.id}`,
      headers: teacher,
      payload: edit,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(StudioWorkResponse.parse(put.json()).item.questions).toHaveLength(2);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/studio/work/${work.id}`,
      headers: teacher,
    });
    expect(del.statusCode, del.body).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/v1/studio/session/${s.id}`,
      headers: teacher,
    });
    expect(StudioSessionResponse.parse(after.json()).item.workIds).toEqual([]);
  });

  it('a pupil reading in English gets the English work, an empty question falling back', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/studio/work',
      headers: staff,
      payload: {
        title: '森',
        description: '説明',
        questions: ['一つ目', '二つ目'],
        en: { title: 'Forest', questions: ['First', ''] },
      },
    });
    const work = StudioWorkResponse.parse(made.json()).item;
    const s = await create(staff, { target: { type: 'ALL', targets: [] }, workIds: [work.id] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/work/${work.id}?lang=en`,
      headers: member,
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json() as { item: { title: string; questions: string[] } }).item;
    expect(item.title).toBe('Forest');
    expect(item.questions).toEqual(['First', '二つ目']);
    expect(s.workIds).toEqual([work.id]);
  });

  it('preview before publishing: the author and provider staff open it, a pupil and another school do not', async () => {
    const s = await create(teacher, { status: 'PRIVATE' });
    const open = (headers: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: `/v1/session/${s.id}`, headers });
    expect((await open(teacher)).statusCode).toBe(200);
    expect((await open(staff)).statusCode).toBe(200);
    expect((await open(member)).statusCode).toBe(404);
    expect((await open(await t.authHeader('sakura-teacher'))).statusCode).toBe(404);
    const watch = await t.app.inject({
      method: 'GET',
      url: `/v1/permission/watchArchive?sessionId=${s.id}`,
      headers: teacher,
    });
    expect(watch.statusCode, watch.body).toBe(200);
    expect((watch.json() as { isPermitted: boolean }).isPermitted).toBe(true);
    // Not listed: a preview opens by its link only.
    const list = await t.app.inject({ method: 'GET', url: '/v1/sessions', headers: teacher });
    const ids = (list.json() as { items: Array<{ id: string }> }).items.map((i) => i.id);
    expect(ids).not.toContain(s.id);
  });
});
