import { voteKeyOf, type Lang, type Session } from '@/contracts/entities';
import { downloadableVideo } from '@/contracts/video-choice';

/**
 * What a download fetches (issue 13), worked out from the HLS playlists and the session: pure
 * functions, so the rules are tested without a browser.
 */

export interface Variant {
  /** Absolute URL of the rendition's media playlist. */
  url: string;
  /** The `#EXT-X-STREAM-INF` line's BANDWIDTH (bits per second). */
  bandwidth: number;
  /** The `#EXT-X-STREAM-INF` line itself, kept for the rewritten master. */
  info: string;
  /** The URI line as written in the master playlist. */
  uri: string;
}

export interface MediaPlaylist {
  /** Absolute URLs of every segment (and the init segment of fMP4 renditions), in order. */
  files: string[];
  /** Seconds, the sum of the EXTINF durations. */
  duration: number;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);

const absolute = (uri: string, base: string) => new URL(uri, base).href;

/** The renditions a master playlist lists; a media playlist (no STREAM-INF) yields none. */
export function parseMaster(text: string, baseUrl: string): Variant[] {
  const all = lines(text);
  if (all[0] !== '#EXTM3U') throw new Error('Not an HLS playlist');
  const out: Variant[] = [];
  for (let i = 0; i < all.length; i++) {
    const line = all[i] ?? '';
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const uri = all.slice(i + 1).find((l) => !l.startsWith('#'));
    if (!uri) continue;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    out.push({ url: absolute(uri, baseUrl), bandwidth, info: line, uri });
  }
  return out;
}

/** The rendition a download keeps: the best one (the page's preferences cannot pick another offline). */
export function pickVariant(variants: readonly Variant[]): Variant | null {
  return variants.reduce<Variant | null>(
    (best, v) => (best === null || v.bandwidth > best.bandwidth ? v : best),
    null,
  );
}

/**
 * The master playlist as stored for offline play: only the downloaded rendition, so the player
 * never asks for one that is not there.
 */
export function rewriteMaster(text: string, keep: Variant): string {
  const head = lines(text).filter(
    (l) =>
      l.startsWith('#') && !l.startsWith('#EXT-X-STREAM-INF:') && !l.startsWith('#EXT-X-I-FRAME'),
  );
  return [...head, keep.info, keep.uri, ''].join('\n');
}

/** Segments (and init segment) of a VOD media playlist. Encrypted renditions are refused. */
export function parseMedia(text: string, baseUrl: string): MediaPlaylist {
  const all = lines(text);
  if (all[0] !== '#EXTM3U') throw new Error('Not an HLS playlist');
  const files: string[] = [];
  let duration = 0;
  for (const line of all) {
    if (line.startsWith('#EXT-X-KEY:') && !/METHOD=NONE/.test(line))
      throw new Error('Encrypted renditions cannot be downloaded');
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (uri) files.push(absolute(uri, baseUrl));
    } else if (line.startsWith('#EXTINF:')) {
      duration += Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    } else if (!line.startsWith('#')) {
      files.push(absolute(line, baseUrl));
    }
  }
  return { files, duration };
}

/** Expected bytes of a rendition: its bandwidth over its duration, plus a margin of a tenth. */
export function expectedBytes(variant: Pick<Variant, 'bandwidth'>, durationS: number): number {
  return Math.ceil(((variant.bandwidth / 8) * durationS * 11) / 10);
}

/** Same-origin paths among a timed action's parameters (its image), to keep with the download. */
export function mediaPathsIn(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith('/media/') || value.startsWith('/uploads/')) out.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) mediaPathsIn(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) mediaPathsIn(v, out);
  }
  return out;
}

/** One API read a download keeps: the path and query exactly as the page asks for it. */
export interface OfflineRead {
  url: string;
  params?: Record<string, string>;
}

/**
 * The API reads the watch page makes for a solo archive besides the session itself, so an
 * offline viewer sees what the lesson shows: the works (the output questions and the output
 * dialog's list), the comments of the download's language, and the tally of every vote moment of
 * the timeline. Solo viewing has no room, so none of them names a stream.
 */
export function offlineReads(session: Session, lang: Lang): OfflineRead[] {
  const base = `/v1/session/${encodeURIComponent(session.id)}`;
  const reads: OfflineRead[] = [
    { url: `${base}/works` },
    { url: `${base}/outputs` },
    { url: `${base}/comments`, params: { type: lang === 'en' ? 'LIVE-EN' : 'LIVE-JA' } },
  ];
  const votes = new Set<string>();
  for (const action of downloadableVideo(session)?.actions ?? []) {
    const key = action.action === 'vote' ? voteKeyOf(action) : null;
    if (key && !votes.has(key)) {
      votes.add(key);
      reads.push({ url: `${base}/votes`, params: { voteKey: key } });
    }
  }
  return reads;
}
