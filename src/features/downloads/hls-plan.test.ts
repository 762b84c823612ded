import { describe, expect, it } from 'vitest';
import type { Session } from '@/contracts/entities';
import {
  expectedBytes,
  mediaPathsIn,
  offlineReads,
  parseMaster,
  parseMedia,
  pickVariant,
  rewriteMaster,
} from './hls-plan';

const MASTER = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=192512,AVERAGE-BANDWIDTH=184014,RESOLUTION=640x360
high/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=112048,AVERAGE-BANDWIDTH=108764,RESOLUTION=320x180
low/index.m3u8
`;
const BASE = 'http://x.test/media/videos/ocean/master.m3u8';

describe('hls plan', () => {
  it('lists the renditions with absolute URLs and keeps the best one', () => {
    const variants = parseMaster(MASTER, BASE);
    expect(variants.map((v) => [v.url, v.bandwidth])).toEqual([
      ['http://x.test/media/videos/ocean/high/index.m3u8', 192512],
      ['http://x.test/media/videos/ocean/low/index.m3u8', 112048],
    ]);
    expect(pickVariant(variants)?.uri).toBe('high/index.m3u8');
    expect(pickVariant([])).toBeNull();
  });

  it('rewrites the master to the one downloaded rendition', () => {
    const keep = parseMaster(MASTER, BASE)[1]!;
    const text = rewriteMaster(MASTER, keep);
    expect(text).not.toContain('high/index.m3u8');
    expect(parseMaster(text, BASE).map((v) => v.uri)).toEqual(['low/index.m3u8']);
    expect(text.startsWith('#EXTM3U\n#EXT-X-VERSION:3')).toBe(true);
  });

  it('lists segments, the init segment and the duration; refuses encrypted ones', () => {
    const media = `#EXTM3U
#EXT-X-TARGETDURATION:2
#EXT-X-MAP:URI="init.mp4"
#EXTINF:2.000000,
seg-000.m4s
#EXTINF:1.5,
seg-001.m4s
#EXT-X-ENDLIST`;
    const base = 'http://x.test/media/v/high/index.m3u8';
    expect(parseMedia(media, base)).toEqual({
      files: [
        'http://x.test/media/v/high/init.mp4',
        'http://x.test/media/v/high/seg-000.m4s',
        'http://x.test/media/v/high/seg-001.m4s',
      ],
      duration: 3.5,
    });
    expect(() =>
      parseMedia('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="k"\n#EXTINF:2,\na.ts', base),
    ).toThrow(/Encrypted/);
    expect(() => parseMedia('<html>', base)).toThrow(/Not an HLS/);
  });

  it('expects bandwidth times duration plus a tenth', () => {
    expect(expectedBytes({ bandwidth: 800_000 }, 60)).toBe(6_600_000);
  });

  it('collects same-origin media paths from timed action parameters', () => {
    expect([
      ...mediaPathsIn([
        { params: { image: '/media/images/a.jpg', name: 'x' } },
        { params: { choices: ['/media/b.png', 'https://cdn.test/c.png'] } },
      ]),
    ]).toEqual(['/media/images/a.jpg', '/media/b.png']);
  });

  it('keeps the works, the outputs, the comments of the language and each vote tally', () => {
    const session = {
      id: 's 1',
      status: 'COMPLETE',
      videos: [
        {
          type: 'ARCHIVE',
          provider: 'HLS',
          actions: [
            { start: 1, action: 'chapter', params: { title: 'Intro' } },
            { start: 5, action: 'vote', params: { discussId: 'd1', name: 'Q' } },
            { start: 9, action: 'vote', params: { name: 'Q2' } },
            { start: 12, action: 'vote', params: { discussId: 'd1' } },
            { start: 15, action: 'vote', params: {} },
          ],
        },
      ],
    } as unknown as Session;
    const base = '/v1/session/s%201';
    expect(offlineReads(session, 'en')).toEqual([
      { url: `${base}/works` },
      { url: `${base}/outputs` },
      { url: `${base}/comments`, params: { type: 'LIVE-EN' } },
      { url: `${base}/votes`, params: { voteKey: 'd1' } },
      { url: `${base}/votes`, params: { voteKey: 'Q2' } },
    ]);
    // The tallies of the video the download stores, wherever it is in the list (issue 14).
    const digest = {
      type: 'DIGEST',
      provider: 'HLS',
      actions: [{ start: 3, action: 'vote', params: { name: 'Digest' } }],
    };
    expect(
      offlineReads(
        { ...session, videos: [digest, ...session.videos] } as unknown as Session,
        'en',
      ).slice(3),
    ).toEqual([
      { url: `${base}/votes`, params: { voteKey: 'd1' } },
      { url: `${base}/votes`, params: { voteKey: 'Q2' } },
    ]);
    expect(offlineReads({ ...session, videos: [] }, 'ja')[2]).toEqual({
      url: `${base}/comments`,
      params: { type: 'LIVE-JA' },
    });
  });
});
