import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OutputListResponse,
  OutputResponse,
  UploadImageResponse,
} from '../../contracts/api/outputs';
import { resolveJwtSecret } from '../auth/secret';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, outputStatus, readNothing, type TestApp } from '../testing/test-app';
import { UploadSigner } from './signed-uploads';

/**
 * Issue 8, item 14: an uploaded image is served only through a signed, expiring URL that API
 * answers hand to those who may see the post; never publicly cached.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ readPicture: readNothing });
});
afterAll(async () => {
  await t.close();
});

async function upload(account: string): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#3a7' },
  })
    .png()
    .toBuffer();
  const boundary = '----tomoni-signed';
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/output/image',
    headers: {
      ...(await t.authHeader(account)),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return UploadImageResponse.parse(res.json()).url;
}

describe('uploaded images (issue 8, item 14)', () => {
  it('serves an upload only through its signed URL, with a private cache header', async () => {
    const signed = await upload('student01');
    expect(signed).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=\d+&sig=[\w-]{43}$/);
    const ok = await t.app.inject({ method: 'GET', url: signed });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/jpeg');
    expect(String(ok.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);

    const plain = signed.split('?')[0]!;
    const [, exp, sig] = /exp=(\d+)&sig=([\w-]+)/.exec(signed)!;
    const forged = sig!.slice(0, -2) + (sig!.endsWith('AA') ? 'BB' : 'AA');
    for (const url of [
      plain,
      `${plain}?exp=${exp}`,
      `${plain}?exp=${exp}&sig=${forged}`,
      `${plain}?exp=${Number(exp) + 3600}&sig=${sig}`,
    ]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } });
      expect(String(refused.headers['cache-control'] ?? '')).not.toContain('public');
    }
  });

  it('refuses an expired signature', async () => {
    const signed = await upload('student02');
    const secret = await resolveJwtSecret(t.db, t.config.jwtSecret);
    // Signed by the server's own key two hours ago with a one-minute lifetime.
    const past = new UploadSigner(secret, 60, () => Date.now() - 2 * 3600_000);
    const expired = past.sign(signed.split('?')[0]!);
    const res = await t.app.inject({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(403);
  });

  it('hands out signed URLs in API answers and stores what the client sends back unsigned', async () => {
    const signed = await upload('student03');
    const auth = await t.authHeader('student03');
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/output',
      headers: auth,
      payload: {
        sessionId: DEMO_IDS.sessions.forestLive,
        workId: 'work-forest-archive',
        status: 'published',
        description: 'Leaves and light.',
        images: [signed],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { item } = OutputResponse.parse(created.json());
    const stored = await t.db
      .selectFrom('output_images')
      .select('url')
      .where('output_id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(stored.url).toBe(signed.split('?')[0]);
    // Shown to classmates once its picture is screened (off the request path).
    // The screener loads its models first (their own 5-minute limit) and reads within 60 s.
    await t.app.pictures.idle();
    expect(await outputStatus(t.db, item.id)).toBe('published');

    // A classmate's list carries a working signed URL for the image.
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/session/${DEMO_IDS.sessions.forestLive}/outputs`,
      headers: await t.authHeader('student04'),
    });
    const shown = OutputListResponse.parse(list.json()).items.find((o) => o.id === item.id);
    const url = shown?.images[0] ?? '';
    expect(url).toMatch(/\?exp=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  }, 420_000);
});

/**
 * Issue 25, hole 3: on 9b21295 a hook signed every string shaped like `/uploads/<hex>.jpg` in
 * every answer, so another school's pupil who posted a demo pupil's image path as a comment got a
 * working signed URL back, and could attach that image to their own output.
 */
describe('hole 3: a picture path seen elsewhere is not a key', () => {
  const session = DEMO_IDS.sessions.oceanArchive;
  const post = async (account: string, images: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/output',
      headers: await t.authHeader(account),
      payload: {
        sessionId: session,
        workId: 'work-ocean-archive',
        status: 'published',
        description: 'Sea glass.',
        images,
      },
    });

  it('signs only declared picture fields, and an output attaches only its author’s own uploads', async () => {
    const signed = await upload('student20');
    const plain = signed.split('?')[0]!;

    // The path as a comment comes back as text, never signed.
    const comment = await t.app.inject({
      method: 'POST',
      url: `/v1/session/${session}/comment`,
      headers: await t.authHeader('sakura01'),
      payload: { type: 'SESSION', content: plain },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    expect(comment.body).not.toContain('sig=');
    expect(comment.json()).toMatchObject({ item: { content: plain } });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/v1/session/${session}/comments`,
      headers: await t.authHeader('sakura01'),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(plain);
    expect(listed.body).not.toMatch(/\/uploads\/[a-f0-9]{32}\.jpg\?exp=/);

    // Another pupil (another school, or a classmate) cannot attach it, signed or plain.
    for (const [account, url] of [
      ['sakura01', plain],
      ['sakura01', signed],
      ['student06', plain],
    ] as const) {
      const refused = await post(account, [url]);
      expect(refused.statusCode, `${account} ${url}`).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'badRequest', fields: [{ path: 'images' }] },
      });
    }
    const stolen = await t.db
      .selectFrom('output_images')
      .select('output_id')
      .where('url', '=', plain)
      .execute();
    expect(stolen).toEqual([]);

    // Its uploader can, and may send it again when editing the output.
    const own = await post('student20', [signed]);
    expect(own.statusCode, own.body).toBe(200);
    const { item } = OutputResponse.parse(own.json());
    expect(item.images[0]).toMatch(/\?exp=\d+&sig=/);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/v1/output/${item.id}`,
      headers: await t.authHeader('student20'),
      payload: { description: 'Sea glass, sorted.', images: [item.images[0]!] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});
