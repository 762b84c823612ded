import { describe, expect, it } from 'vitest';
import { playbackSource, youTubeVideoId } from './playback-source';

const ID = 'dQw4w9WgXcQ';

describe('youTubeVideoId', () => {
  it('reads the id from every usual link form and from the bare id', () => {
    for (const link of [
      ID,
      ` ${ID} `,
      `https://www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
      `https://m.youtube.com/watch?v=${ID}`,
      `https://youtube.com/watch?v=${ID}`,
      `https://youtu.be/${ID}?si=abc`,
      `https://www.youtube.com/embed/${ID}?start=10`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
      `https://www.youtube.com/live/${ID}`,
      `https://www.youtube.com/shorts/${ID}`,
      `http://www.youtube.com/v/${ID}`,
    ])
      expect(youTubeVideoId(link), link).toBe(ID);
  });

  it('refuses other sites, other schemes and ids of the wrong shape', () => {
    for (const link of [
      '',
      'dQw4w9WgXc',
      'dQw4w9WgXcQQ',
      'dQw4w9WgX!Q',
      `https://example.com/watch?v=${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `javascript:alert("${ID}")`,
      'https://www.youtube.com/watch',
      `https://www.youtube.com/channel/${ID}`,
      `https://www.youtube.com/watch?v=${ID}x`,
      '/media/videos/ocean/master.m3u8',
    ])
      expect(youTubeVideoId(link), link).toBeNull();
  });
});

describe('playbackSource', () => {
  it('plays HLS, ULIZA and ULIZA_G5 videos from their playlist URL', () => {
    for (const provider of ['HLS', 'ULIZA', 'ULIZA_G5'] as const)
      expect(playbackSource({ provider, videoId: '/media/v/master.m3u8' })).toEqual({
        kind: 'hls',
        url: '/media/v/master.m3u8',
      });
  });

  it('plays a YouTube video by its id, and cannot play a YouTube video without one', () => {
    expect(playbackSource({ provider: 'YOUTUBE', videoId: `https://youtu.be/${ID}` })).toEqual({
      kind: 'youtube',
      videoId: ID,
    });
    expect(playbackSource({ provider: 'YOUTUBE', videoId: '/media/v/master.m3u8' }).kind).toBe(
      'unplayable',
    );
  });
});
