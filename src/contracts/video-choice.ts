import type { Session, Video, VideoType } from './entities';

/**
 * Which of a session's videos a viewing plays (issue 14, "Video sources"). A session may carry
 * several (spec 3, Video: types INSPIRE, LIVE, ARCHIVE, DIGEST, ARCHIVE_LOW, DOWNLOAD, PRIVATE);
 * the watch page, the downloads and the session page must agree on one, or a download would store
 * a video offline playback does not play. The order is recorded in
 * docs/decisions/0149-video-choice.md.
 */

/** How a session is watched: while it is live or as an archive, and whether `low=true` asks for the lighter video. */
export interface Viewing {
  live: boolean;
  low: boolean;
}

/**
 * A session is watched live while it is announced or on air (NOTICE, IN_PROGRESS); a finished or
 * withdrawn one (COMPLETE, PRIVATE) is an archive. The status, not the clock: a viewing must not
 * switch videos when a start time passes mid-lesson.
 */
export const isLiveSession = (session: Pick<Session, 'status'>): boolean =>
  session.status === 'NOTICE' || session.status === 'IN_PROGRESS';

/**
 * After the preferred kind: the whole lesson before a cut of it (a digest, a teaser), and a
 * video meant for downloading or not yet published last, so a session with only those still plays.
 */
const SHORTER: readonly VideoType[] = ['DIGEST', 'INSPIRE', 'DOWNLOAD', 'PRIVATE'];

/** The video types a viewing prefers, best first; every type is in the list once. */
export const videoTypeOrder = ({ live, low }: Viewing): readonly VideoType[] => {
  // low=true asks for the lighter encoding of the archive; the full one is the next best.
  const archives: VideoType[] = low ? ['ARCHIVE_LOW', 'ARCHIVE'] : ['ARCHIVE', 'ARCHIVE_LOW'];
  // A live lesson is its LIVE video (its rendition follows low=true, player/quality.ts); an
  // archive falls back to the recording of the live one.
  return live ? ['LIVE', ...archives, ...SHORTER] : [...archives, 'LIVE', ...SHORTER];
};

/**
 * The video to play: the first of `videoTypeOrder` the session has, the earliest in the list among
 * several of one type; null only when there is no video at all.
 */
export const chooseVideo = (videos: readonly Video[], viewing: Viewing): Video | null => {
  for (const type of videoTypeOrder(viewing)) {
    const found = videos.find((v) => v.type === type);
    if (found) return found;
  }
  return videos[0] ?? null;
};

/** The session's video for a viewing on the watch page (`low`: the watch query's low=true). */
export const sessionVideo = (
  session: Pick<Session, 'status' | 'videos'>,
  options: { low: boolean },
): Video | null => chooseVideo(session.videos, { live: isLiveSession(session), low: options.low });

/** Recordings: what may be stored for offline viewing (a LIVE or PRIVATE video may not). */
const RECORDED: ReadonlySet<VideoType> = new Set([
  'ARCHIVE',
  'ARCHIVE_LOW',
  'DIGEST',
  'DOWNLOAD',
  'INSPIRE',
]);

/**
 * The video a download stores: the one the watch page plays the session alone (no room, so never
 * low=true), when it is a recording served as HLS (a YouTube video cannot be stored). Null: the
 * session offers no download.
 */
export const downloadableVideo = (session: Pick<Session, 'status' | 'videos'>): Video | null => {
  const video = sessionVideo(session, { low: false });
  return video && RECORDED.has(video.type) && video.provider !== 'YOUTUBE' ? video : null;
};
