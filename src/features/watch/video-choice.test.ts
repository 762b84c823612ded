import { describe, expect, it } from 'vitest';
import { VideoType, type Session, type Video } from '@/contracts/entities';
import {
  chooseVideo,
  downloadableVideo,
  isLiveSession,
  sessionVideo,
  videoTypeOrder,
} from '@/contracts/video-choice';

// The rule lives in contracts (the watch page, the downloads and the session page share it);
// contracts import zod alone, so its tests sit with the watch page, its first user.

const video = (type: Video['type'], extra: Partial<Video> = {}): Video => ({
  id: `video-${type.toLowerCase()}`,
  provider: 'HLS',
  type,
  status: 'COMPLETE',
  title: type,
  videoId: `/media/videos/${type.toLowerCase()}/master.m3u8`,
  lang: 'ja',
  actions: [],
  ...extra,
});

const session = (status: Session['status'], videos: Video[]) => ({ status, videos });

const ARCHIVE = { live: false, low: false };
const LIVE = { live: true, low: false };

describe('videoTypeOrder', () => {
  it('names every video type exactly once, whatever the viewing', () => {
    for (const live of [true, false])
      for (const low of [true, false]) {
        const order = videoTypeOrder({ live, low });
        expect([...order].sort()).toEqual([...VideoType.options].sort());
      }
  });

  it('puts the whole lesson before its cuts: archive, low archive, live, then the rest', () => {
    expect(videoTypeOrder(ARCHIVE)).toEqual([
      'ARCHIVE',
      'ARCHIVE_LOW',
      'LIVE',
      'DIGEST',
      'INSPIRE',
      'DOWNLOAD',
      'PRIVATE',
    ]);
    expect(videoTypeOrder({ live: false, low: true }).slice(0, 3)).toEqual([
      'ARCHIVE_LOW',
      'ARCHIVE',
      'LIVE',
    ]);
    expect(videoTypeOrder({ live: true, low: true }).slice(0, 3)).toEqual([
      'LIVE',
      'ARCHIVE_LOW',
      'ARCHIVE',
    ]);
  });
});

describe('chooseVideo', () => {
  const all = [
    video('INSPIRE'),
    video('DIGEST'),
    video('LIVE'),
    video('ARCHIVE_LOW'),
    video('ARCHIVE'),
  ];

  it('plays LIVE while live and ARCHIVE as an archive, wherever they are in the list', () => {
    expect(chooseVideo(all, LIVE)?.type).toBe('LIVE');
    expect(chooseVideo(all, ARCHIVE)?.type).toBe('ARCHIVE');
  });

  it('plays ARCHIVE_LOW for low=true on an archive, and the full archive when there is none', () => {
    expect(chooseVideo(all, { live: false, low: true })?.type).toBe('ARCHIVE_LOW');
    const noLow = all.filter((v) => v.type !== 'ARCHIVE_LOW');
    expect(chooseVideo(noLow, { live: false, low: true })?.type).toBe('ARCHIVE');
  });

  it('keeps a live lesson on LIVE with low=true (the lower rendition of it)', () => {
    expect(chooseVideo(all, { live: true, low: true })?.type).toBe('LIVE');
  });

  it('falls back: live without LIVE plays the archive; an archive without one plays LIVE', () => {
    expect(chooseVideo([video('DIGEST'), video('ARCHIVE')], LIVE)?.type).toBe('ARCHIVE');
    expect(chooseVideo([video('DIGEST'), video('LIVE')], ARCHIVE)?.type).toBe('LIVE');
    expect(chooseVideo([video('INSPIRE'), video('DIGEST')], ARCHIVE)?.type).toBe('DIGEST');
    expect(chooseVideo([video('PRIVATE'), video('DOWNLOAD')], LIVE)?.type).toBe('DOWNLOAD');
  });

  it('takes the earliest of several videos of one type, and null only without videos', () => {
    const first = video('ARCHIVE', { id: 'first' });
    const second = video('ARCHIVE', { id: 'second' });
    expect(chooseVideo([video('DIGEST'), first, second], ARCHIVE)?.id).toBe('first');
    expect(chooseVideo([], ARCHIVE)).toBeNull();
  });

  it('still plays a session with a single video of any type (the seed, a studio session)', () => {
    for (const type of VideoType.options)
      for (const live of [true, false])
        for (const low of [true, false])
          expect(chooseVideo([video(type)], { live, low })?.type).toBe(type);
  });
});

describe('sessionVideo', () => {
  const both = [video('ARCHIVE'), video('LIVE')];

  it('reads live from the status: NOTICE and IN_PROGRESS are live, COMPLETE and PRIVATE archives', () => {
    expect(isLiveSession({ status: 'NOTICE' })).toBe(true);
    expect(isLiveSession({ status: 'IN_PROGRESS' })).toBe(true);
    expect(isLiveSession({ status: 'COMPLETE' })).toBe(false);
    expect(isLiveSession({ status: 'PRIVATE' })).toBe(false);
    expect(sessionVideo(session('IN_PROGRESS', both), { low: false })?.type).toBe('LIVE');
    expect(sessionVideo(session('COMPLETE', both), { low: false })?.type).toBe('ARCHIVE');
  });

  it('passes low=true on', () => {
    const withLow = [...both, video('ARCHIVE_LOW')];
    expect(sessionVideo(session('COMPLETE', withLow), { low: true })?.type).toBe('ARCHIVE_LOW');
  });
});

describe('downloadableVideo', () => {
  it('is the video solo viewing plays (never the low one), when it is a recording', () => {
    const s = session('COMPLETE', [video('ARCHIVE_LOW'), video('ARCHIVE'), video('LIVE')]);
    expect(downloadableVideo(s)?.type).toBe('ARCHIVE');
    expect(downloadableVideo(s)).toBe(sessionVideo(s, { low: false }));
  });

  it('is null for a live video, a private one, a YouTube video and no video', () => {
    expect(downloadableVideo(session('IN_PROGRESS', [video('LIVE'), video('ARCHIVE')]))).toBeNull();
    expect(downloadableVideo(session('PRIVATE', [video('PRIVATE')]))).toBeNull();
    const youtube = video('ARCHIVE', {
      provider: 'YOUTUBE',
      videoId: 'https://youtu.be/abcdefghijk',
    });
    expect(downloadableVideo(session('COMPLETE', [youtube]))).toBeNull();
    expect(downloadableVideo(session('COMPLETE', []))).toBeNull();
  });
});
