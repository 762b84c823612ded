import { z } from 'zod';
import type { Video } from '@/contracts/entities';

/**
 * How a video is played: an HLS playlist in the page's `<video>` (HLS, ULIZA and ULIZA_G5 give
 * a playlist URL), a YouTube video in the IFrame Player, or nothing when its `videoId` cannot be
 * read (the page shows the player error).
 */
export type PlaybackSource =
  | { kind: 'hls'; url: string }
  | { kind: 'youtube'; videoId: string }
  | { kind: 'unplayable'; reason: string };

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
const YouTubeId = z.string().regex(/^[A-Za-z0-9_-]{11}$/);

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/** Paths that name the video in their second segment: /embed/ID, /live/ID, /shorts/ID, /v/ID. */
const ID_PATHS = new Set(['embed', 'live', 'shorts', 'v']);

/**
 * The video id in a YOUTUBE video's `videoId` (spec 3: "a URL"): a watch, share (youtu.be),
 * embed, live or shorts link, or the bare id. Null when it names no YouTube video.
 */
export const youTubeVideoId = (value: string): string | null => {
  const text = value.trim();
  const bare = YouTubeId.safeParse(text);
  if (bare.success) return bare.data;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === 'watch') candidate = url.searchParams.get('v');
    else if (segments[0] && ID_PATHS.has(segments[0])) candidate = segments[1];
  }
  const id = YouTubeId.safeParse(candidate);
  return id.success ? id.data : null;
};

/** The way to play a video, from its provider. */
export const playbackSource = (video: Pick<Video, 'provider' | 'videoId'>): PlaybackSource => {
  if (video.provider !== 'YOUTUBE') return { kind: 'hls', url: video.videoId };
  const videoId = youTubeVideoId(video.videoId);
  return videoId
    ? { kind: 'youtube', videoId }
    : { kind: 'unplayable', reason: `Not a YouTube video: ${video.videoId}` };
};
