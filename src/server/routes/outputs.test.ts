import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutputListResponse,
  OutputResponse,
  RecommendResponse,
  SessionWorksResponse,
  UploadImageResponse,
} from '../../contracts/api/outputs';
import { ErrorBody } from '../../contracts/errors';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

const S = DEMO_IDS.sessions;
const OCEAN_WORK = 'work-ocean-archive';
const FOREST_LIVE_WORK = 'work-forest-archive';

let t: TestApp;
const headers = new Map<string, { authorization: string }>();
async function as(account: string) {
  if (!headers.has(account)) headers.set(account, await t.authHeader(account));
  return headers.get(account)!;
}
async function call(
  account: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: await as(account), ...(payload ? { payload } : {}) });
}
const codeOf = (body: unknown) => ErrorBody.parse(body).error.code;

async function upload(account: string, bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = '----tomoni-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/output/image',
    headers: {
      ...(await as(account)),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
}

const post = (account: string, body: Record<string, unknown>) =>
  call(account, 'POST', '/v1/output', {
    sessionId: S.forestLive,
    workId: FOREST_LIVE_WORK,
    status: 'published',
    ...body,
  });

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('POST /v1/output', () => {
  it('posts a published output with the preset for its creation time and says who wrote it', async () => {
    const res = await post('student10', { description: 'The forest keeps our water clean.' });
    expect(res.statusCode).toBe(200);
    const { item } = OutputResponse.parse(res.json());
    expect(item).toMatchObject({ status: 'published', violationStatuses: [], outputComments: 0 });
    expect(item.user.id).toBe('student10');
    const preset = ['green', 'blue', 'pink'][item.createdAt % 3];
    expect(item.images).toEqual([`/media/images/presets/${preset}.png`]);
    // The same work again is an edit, not a second post.
    expect((await post('student10', { description: 'Again' })).statusCode).toBe(409);
  });

  it('refuses 4001 characters and blank text, full-width spaces included', async () => {
    const over = await post('student11', { description: 'あ'.repeat(4001) });
    expect(over.statusCode).toBe(400);
    expect((await post('student11', { description: '   \n\t' })).statusCode).toBe(400);
    expect((await post('student11', { description: '\u3000\u3000 \u3000' })).statusCode).toBe(400);
    const exact = await post('student11', { description: 'あ'.repeat(4000) });
    expect(exact.statusCode).toBe(200);
  });

  it('refuses guests (guestRestricted, 403), graduates and posting as someone else', async () => {
    const guest = await post('guest', { description: 'Hello' });
    expect(guest.statusCode).toBe(403);
    expect(codeOf(guest.json())).toBe('guestRestricted');
    expect(
      (
        await call('graduate', 'POST', '/v1/output', {
          sessionId: S.oceanArchive,
          workId: OCEAN_WORK,
          status: 'published',
          description: 'Hello',
        })
      ).statusCode,
    ).toBe(403);
    expect((await post('student12', { description: 'x', userId: 'student13' })).statusCode).toBe(
      403,
    );
  });

  it('refuses outside images, a work of another session and a session of another school', async () => {
    expect(
      (await post('student12', { description: 'x', images: ['https://evil.example/p.png'] }))
        .statusCode,
    ).toBe(400);
    expect((await post('student12', { description: 'x', workId: OCEAN_WORK })).statusCode).toBe(
      404,
    );
    expect((await post('sakura01', { description: 'x' })).statusCode).toBe(404);
  });

  it('holds a post with a phone number as pending and notifies the author', async () => {
    const res = await post('student13', { description: '電話は 090-1234-5678 です' });
    const { item } = OutputResponse.parse(res.json());
    expect(item).toMatchObject({ status: 'pending', violationStatuses: ['text'] });
    const note = await t.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.type', 'notifications.payload'])
      .where('users.account', '=', 'student13')
      .where('notifications.type', '=', 'outputsViolation')
      .executeTakeFirst();
    expect(note?.payload).toEqual({ id: item.id });
  });
});

describe('drafts and PUT /v1/output/{id}', () => {
  it('keeps one draft per work, shown to its author only, and drops it on posting', async () => {
    const draft = (d: string) =>
      call('student14', 'POST', '/v1/output', {
        sessionId: S.forestLive,
        workId: FOREST_LIVE_WORK,
        status: 'autosaved',
        description: d,
      });
    const first = OutputResponse.parse((await draft('first try')).json()).item;
    const second = OutputResponse.parse((await draft('second try')).json()).item;
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ status: 'autosaved', description: 'second try' });

    const list = (account: string) =>
      call(account, 'GET', `/v1/session/${S.forestLive}/outputs`).then(
        (r) => OutputListResponse.parse(r.json()).items,
      );
    expect((await list('student14')).some((o) => o.id === first.id)).toBe(true);
    expect((await list('student15')).some((o) => o.id === first.id)).toBe(false);
    expect((await list('teacher')).some((o) => o.id === first.id)).toBe(false);
    // Another user cannot touch it (it does not exist for them).
    expect(
      (await call('student15', 'PUT', `/v1/output/${first.id}`, { description: 'mine' }))
        .statusCode,
    ).toBe(404);

    const posted = await post('student14', { description: 'final version' });
    expect(posted.statusCode).toBe(200);
    expect((await list('student14')).filter((o) => o.status === 'autosaved')).toEqual([]);
  });

  it('lets only the author edit (403 for others), appending updated to flagged outputs', async () => {
    const { item } = OutputResponse.parse(
      (await post('student16', { description: 'mail me at kid@example.com' })).json(),
    );
    expect(item.status).toBe('pending');
    const other = await call('student17', 'PUT', `/v1/output/${item.id}`, {
      description: 'hacked',
    });
    // A classmate cannot see a pending output: the 404 of a missing one (issue 8).
    expect(other.statusCode).toBe(404);
    const teacher = await call('teacher', 'PUT', `/v1/output/${item.id}`, { description: 'x' });
    expect(teacher.statusCode).toBe(403);

    // Clearing the flags from the client does not work: the rule appends 'updated'.
    const edit = await call('student16', 'PUT', `/v1/output/${item.id}`, {
      description: 'I removed my address.',
      violationStatuses: [],
      status: 'published',
    });
    expect(edit.statusCode).toBe(200);
    expect(OutputResponse.parse(edit.json()).item).toMatchObject({
      description: 'I removed my address.',
      violationStatuses: ['text', 'updated'],
      status: 'pending',
    });
    const again = await call('student16', 'PUT', `/v1/output/${item.id}`, {
      description: 'Once more.',
    });
    expect(OutputResponse.parse(again.json()).item.violationStatuses).toEqual(['text', 'updated']);
    expect(
      (await call('student16', 'PUT', `/v1/output/${item.id}`, { description: 'あ'.repeat(4001) }))
        .statusCode,
    ).toBe(400);
  });

  it('edits a clean published output in place and keeps it published', async () => {
    const { item } = OutputResponse.parse(
      (await post('student18', { description: 'first' })).json(),
    );
    const edit = await call('student18', 'PUT', `/v1/output/${item.id}`, {
      description: 'second',
      status: 'published',
    });
    expect(OutputResponse.parse(edit.json()).item).toMatchObject({
      id: item.id,
      description: 'second',
      status: 'published',
      violationStatuses: [],
      images: item.images,
    });
  });
});

describe('visibility per role', () => {
  let pendingId = '';
  let rejectedId = '';
  beforeAll(async () => {
    pendingId = OutputResponse.parse(
      (await post('student20', { description: 'call 03-1234-5678' })).json(),
    ).item.id;
    rejectedId = OutputResponse.parse(
      (await post('student21', { description: 'a rejected one' })).json(),
    ).item.id;
    await t.db
      .updateTable('outputs')
      .set({ status: 'rejected' })
      .where('id', '=', rejectedId)
      .execute();
  });
  const ids = async (account: string) =>
    OutputListResponse.parse(
      (await call(account, 'GET', `/v1/session/${S.forestLive}/outputs`)).json(),
    ).items;

  it('shows pending and rejected to the author and staff roles, not to classmates', async () => {
    const classmate = await ids('student22');
    expect(classmate.some((o) => o.id === pendingId || o.id === rejectedId)).toBe(false);
    expect(classmate.every((o) => o.status === 'published')).toBe(true);
    const author = await ids('student20');
    expect(author.find((o) => o.id === pendingId)?.status).toBe('pending');
    expect((await ids('student21')).find((o) => o.id === rejectedId)?.status).toBe('rejected');
    for (const staff of ['teacher', 'admin', 'staff']) {
      const seen = await ids(staff);
      expect(seen.find((o) => o.id === pendingId)?.status).toBe('pending');
      expect(seen.some((o) => o.id === rejectedId)).toBe(true);
    }
  });

  it('hides the session from another school (404 on every route)', async () => {
    const session = S.forestLive;
    for (const url of [
      `/v1/session/${session}/outputs`,
      `/v1/session/${session}/works`,
      `/v1/outputs/recommend?mode=straight&sessionId=${session}`,
    ]) {
      expect((await call('sakura01', 'GET', url)).statusCode).toBe(404);
    }
    expect(
      (await call('sakura01', 'PUT', `/v1/output/${pendingId}`, { description: 'x' })).statusCode,
    ).toBe(404);
  });

  it('needs a signed-in user on every route', async () => {
    const body = { sessionId: S.forestLive, workId: FOREST_LIVE_WORK, description: 'x' };
    for (const [method, url, payload] of [
      ['GET', `/v1/session/${S.forestLive}/outputs`],
      ['GET', `/v1/session/${S.forestLive}/works`],
      ['GET', '/v1/me/outputs'],
      ['GET', `/v1/outputs/recommend?mode=good&sessionId=${S.forestLive}`],
      ['POST', '/v1/output', { ...body, status: 'published' }],
      ['PUT', `/v1/output/${pendingId}`, { description: 'x' }],
      ['POST', '/v1/output/image'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('lists my violated outputs with their session', async () => {
    const res = await call('student20', 'GET', '/v1/me/outputs?isViolated=true&withSession=true');
    const items = OutputListResponse.parse(res.json()).items;
    expect(items.map((o) => o.id)).toEqual([pendingId]);
    expect(items[0]!.session?.id).toBe(S.forestLive);
  });
});

describe('GET /v1/outputs/recommend and works', () => {
  it('walks the session straight by creation time and applies the rate rule to random', async () => {
    const url = (mode: string, current?: string) =>
      `/v1/outputs/recommend?mode=${mode}&sessionId=${S.oceanArchive}${current ? `&current=${current}` : ''}`;
    const first = RecommendResponse.parse((await call('student02', 'GET', url('straight'))).json());
    // The demo's oldest ocean output is student01's.
    expect(first.item?.user._id).toBe(first.item?.userId);
    // A classmate sees the row id in `id`, never the login name (issue 8).
    expect(first.item?.user.id).toBe(first.item?.userId);
    const second = RecommendResponse.parse(
      (await call('student02', 'GET', url('straight', first.item!.id))).json(),
    );
    expect(second.item?.user.id).toBe('student02');
    for (let i = 0; i < 10; i++) {
      const r = RecommendResponse.parse((await call('student02', 'GET', url('random'))).json());
      expect(r.item!.rate).toBeGreaterThanOrEqual(50);
    }
    expect((await call('student02', 'GET', url('sideways'))).statusCode).toBe(400);
  });

  it('lists the works of a session with their examples', async () => {
    const res = await call('student01', 'GET', `/v1/session/${S.oceanArchive}/works`);
    const { items } = SessionWorksResponse.parse(res.json());
    expect(items.map((w) => w.id)).toEqual([OCEAN_WORK]);
    expect(items[0]!.examples.length).toBeGreaterThan(0);
  });
});

describe('POST /v1/output/image', () => {
  it('re-encodes a photo: upright, no EXIF or GPS, fits 900×700, JPEG', async () => {
    const photo = await sharp({
      create: { width: 2000, height: 1200, channels: 3, background: '#3a7' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '35/1 41/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '139/1 41/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('TestCam');

    const res = await upload('student01', photo);
    expect(res.statusCode).toBe(200);
    const { url } = UploadImageResponse.parse(res.json());
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const stored = await readFile(join(t.config.dataDir, url.split('?')[0]!));
    expect(served.rawPayload.equals(stored)).toBe(true);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 turned the 2000×1200 picture upright (portrait), then it was fitted.
    expect(meta.width! <= 900 && meta.height! <= 700).toBe(true);
    expect(meta.height).toBe(700);
    expect(meta.width).toBe(420);
  });

  it('accepts PNG by its bytes whatever the name, refuses non-images, guests and 6 MB+', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#f00' } })
      .png()
      .toBuffer();
    const ok = await upload('student01', png, 'picture.txt', 'text/plain');
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await sharp(
          await readFile(
            join(t.config.dataDir, UploadImageResponse.parse(ok.json()).url.split('?')[0]!),
          ),
        ).metadata()
      ).width,
    ).toBe(40);

    const text = await upload('student01', Buffer.from('<svg onload="alert(1)"></svg>'), 'x.jpg');
    expect(text.statusCode).toBe(400);
    const fake = await upload(
      'student01',
      Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]),
      'x.jpg',
    );
    expect(fake.statusCode).toBe(400);
    expect((await upload('guest', png)).statusCode).toBe(403);
    const big = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await upload('student01', big)).statusCode).toBe(413);
  });
});

describe('reaction counts on output lists', () => {
  const countsOf = async (account: string, outputId: string) =>
    OutputListResponse.parse(
      (await call(account, 'GET', `/v1/session/${S.forestLive}/outputs`)).json(),
    ).items.find((o) => o.id === outputId)?.reactions;

  it('counts a reaction posted via /v1/action, and never another school', async () => {
    const id = OutputResponse.parse(
      (await post('student25', { description: 'Moss holds the rain.' })).json(),
    ).item.id;
    expect(await countsOf('student22', id)).toMatchObject({ wow: 0, worthy: 0 });

    const react = await call('student26', 'POST', '/v1/action', {
      target: 'output',
      targetId: id,
      type: 'wow',
    });
    expect(react.statusCode).toBe(200);
    expect(await countsOf('student22', id)).toEqual({
      wow: 1,
      thinking: 0,
      crying: 0,
      inspired: 0,
      noting: 0,
      worthy: 0,
    });
    // The author's own list on the profile carries the same counts.
    const mine = OutputListResponse.parse(
      (await call('student25', 'GET', '/v1/me/outputs')).json(),
    );
    expect(mine.items.find((o) => o.id === id)?.reactions?.wow).toBe(1);

    // Another school can neither react nor list; a stray row from that school is not counted.
    expect(
      (
        await call('sakura01', 'POST', '/v1/action', {
          target: 'output',
          targetId: id,
          type: 'wow',
        })
      ).statusCode,
    ).toBe(404);
    const other = await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'sakura01')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('actions')
      .values({
        type: 'wow',
        target: 'output',
        target_id: id,
        output_id: id,
        session_id: S.forestLive,
        user_id: other.id,
      })
      .execute();
    expect((await countsOf('student22', id))?.wow).toBe(1);

    // Pressing again takes the reaction back.
    await call('student26', 'POST', '/v1/action', { target: 'output', targetId: id, type: 'wow' });
    expect((await countsOf('student22', id))?.wow).toBe(0);
  });
});

// ---- moved from routes/catalogue.test.ts with their routes --------------------------------

const G = DEMO_IDS.groups;
const idOfAccount = async (account: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
  ).id;
const send = async (method: string, url: string, account: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: await as(account),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const ok = async (method: string, url: string, account: string, payload?: unknown) => {
  const res = await send(method, url, account, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as { items: Array<Record<string, unknown>>; item: Record<string, unknown> };
};

describe("the caller's own posted outputs", () => {
  it('me/postedOutputs adds autosaved drafts only with withAutosaved', async () => {
    await ok('POST', '/v1/output', 'student02', {
      sessionId: S.forestArchive,
      workId: 'work-forest-archive',
      description: 'a draft in progress',
      status: 'autosaved',
    });
    const without = await ok('GET', '/v1/me/postedOutputs', 'student02');
    const withDrafts = await ok('GET', '/v1/me/postedOutputs?withAutosaved=true', 'student02');
    expect(without.items.some((o) => o.status === 'autosaved')).toBe(false);
    expect(withDrafts.items.some((o) => o.status === 'autosaved')).toBe(true);
    const me = await idOfAccount('student02');
    expect(withDrafts.items.every((o) => o.userId === me)).toBe(true);
  });
});

describe("a room's output length", () => {
  it("a room's output length counts its participants who posted", async () => {
    const room = await ok('POST', '/v1/stream', 'teacher', {
      sessionId: S.oceanLive,
      name: 'Count room',
      lang: 'ja',
      groupIds: [G.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    });
    const roomId = room.item.id as string;
    await ok('POST', `/v1/session/${S.oceanLive}/join`, 'student01', { streamId: roomId });
    await ok('POST', `/v1/session/${S.oceanLive}/join`, 'student02', { streamId: roomId });
    const before = await ok('POST', `/v1/stream/${roomId}/output/length`, 'teacher', {});
    expect(before.item).toEqual({ length: 0, participants: 2 });
    const works = await ok('GET', `/v1/session/${S.oceanLive}/works`, 'student01');
    await ok('POST', '/v1/output', 'student01', {
      sessionId: S.oceanLive,
      workId: works.items[0]!.id,
      description: 'My idea for the ocean',
      status: 'published',
    });
    const after = await ok('POST', `/v1/stream/${roomId}/output/length`, 'student02', {});
    expect(after.item).toEqual({ length: 1, participants: 2 });
    expect(
      (await send('POST', `/v1/stream/${roomId}/output/length`, 'sakura01', {})).statusCode,
    ).toBe(404);
  });
});

describe('works by id', () => {
  it('answers a work in the asked language or as written, and hides works of hidden sessions', async () => {
    const ja = await ok('GET', '/v1/work/work-ocean-archive?lang=ja', 'student01');
    const en = await ok('GET', '/v1/work/work-ocean-archive?lang=en', 'student01');
    const raw = await ok('GET', '/v1/work/work-ocean-archive?raw=true', 'student01');
    expect(ja.item.id).toBe('work-ocean-archive');
    expect([ja.item.title, en.item.title]).toContain(raw.item.title);
    expect((await send('GET', '/v1/work/made-up-work', 'student01')).statusCode).toBe(404);
    expect((await send('GET', '/v1/work/work-ocean-archive?lang=fr', 'student01')).statusCode).toBe(
      400,
    );
  });
});
