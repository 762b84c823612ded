import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet } from '../../contracts/media';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Issue 10: the demo pictures right-sized and in WebP. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    seed: 'none',
    env: { MEDIA_DIR: fileURLToPath(new URL('../../../media', import.meta.url)) },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /media/w/{width}/images/…', () => {
  it('scales a picture down to the width, in WebP when the browser takes it', async () => {
    const original = await t.app.inject({ url: '/media/images/sessions/city.jpg' });
    const res = await t.app.inject({
      url: '/media/w/320/images/sessions/city.jpg',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['vary']).toBe('accept');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length / 5);
  });

  it("keeps the original's format without WebP, and never enlarges", async () => {
    const res = await t.app.inject({ url: '/media/w/1280/images/sessions/city-thumb.jpg' });
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(480);
  });

  it('answers 404 for other widths, missing pictures and paths out of the folder', async () => {
    for (const url of [
      '/media/w/500/images/sessions/city.jpg',
      '/media/w/320/images/sessions/none.jpg',
      '/media/w/320/images/../videos/ocean/master.m3u8',
      '/media/w/320/images/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('imageSrcSet', () => {
  it('offers the widths for demo pictures only', () => {
    expect(imageSrcSet('/media/images/sessions/city.jpg')).toBe(
      '/media/w/320/images/sessions/city.jpg 320w, /media/w/640/images/sessions/city.jpg 640w, /media/w/1280/images/sessions/city.jpg 1280w',
    );
    expect(imageSrcSet('/uploads/abc.jpg?exp=1&sig=x')).toBeUndefined();
    expect(imageSrcSet('data:image/png;base64,AAAA')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
