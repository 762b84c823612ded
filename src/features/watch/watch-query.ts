import { z } from 'zod';
import type { Lang } from '@/contracts/user-entities';

/**
 * The watch page's query string (spec 2): lang (ja | en), stream (the room), low=true (the lower
 * video rendition), novideo=true (participant video hidden). Without a stream only lang is passed
 * on. `debugSync=1` exposes the read-only sync hook for tests and the benchmark.
 */
export interface WatchQuery {
  lang: Lang | null;
  streamId: string | null;
  low: boolean;
  noVideo: boolean;
  debugSync: boolean;
}

const LangParam = z.enum(['ja', 'en']);
const StreamParam = z.string().min(1).max(64);

/** Reads the query; unknown or malformed values fall back to their defaults. */
export const parseWatchQuery = (search: URLSearchParams): WatchQuery => {
  const lang = LangParam.safeParse(search.get('lang'));
  const stream = StreamParam.safeParse(search.get('stream'));
  const streamId = stream.success ? stream.data : null;
  return {
    lang: lang.success ? lang.data : null,
    streamId,
    // Only a room carries the quality and participant-video flags.
    low: streamId !== null && search.get('low') === 'true',
    noVideo: streamId !== null && search.get('novideo') === 'true',
    debugSync: search.get('debugSync') === '1',
  };
};

/** The canonical watch page path of a session. */
export const watchPath = (sessionId: string): string =>
  `/session/${encodeURIComponent(sessionId)}/watch/`;

/** Builds a watch page link: without a stream only `lang` is passed on. */
export const watchHref = (
  sessionId: string,
  query: { lang?: Lang | null; streamId?: string | null; low?: boolean; noVideo?: boolean },
): string => {
  const params = new URLSearchParams();
  if (query.lang) params.set('lang', query.lang);
  if (query.streamId) {
    params.set('stream', query.streamId);
    if (query.low) params.set('low', 'true');
    if (query.noVideo) params.set('novideo', 'true');
  }
  const search = params.toString();
  return `${watchPath(sessionId)}${search ? `?${search}` : ''}`;
};

/**
 * The redirect rule: a stream that belongs to another session sends the user to that session's
 * watch page with the same query string. Returns the target, or null to stay.
 */
export const streamRedirect = (
  sessionId: string,
  stream: { sessionId: string } | null,
  search: string,
): string | null => {
  if (!stream || stream.sessionId === sessionId) return null;
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  return `${watchPath(stream.sessionId)}${query}`;
};
