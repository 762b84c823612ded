import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { Session, Stream } from '@/contracts/entities';
import { fetchSession } from '@/features/sessions/queries';
import { isApiError } from '@/lib/api-errors';
import { tokenStorage } from '@/lib/storage';
import { fetchStream } from './api/get-stream';
import { parseWatchQuery, streamRedirect } from './watch-query';

export interface WatchLoaderData {
  session: Session;
  stream: Stream | null;
}

const disabled = (sessionId: string) =>
  redirect(`/?redirectSessionId=${encodeURIComponent(sessionId)}`);
const notFound = () => data('Not Found', { status: 404, statusText: 'Not Found' });

/**
 * Loads the session (and the room of `?stream=`) before the watch page renders: an unknown
 * session or room is page-not-found, a session this account cannot play goes home with the
 * session-disabled modal, and a room of another session goes to that session's watch page with
 * the same query string.
 */
export async function watchLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<WatchLoaderData | Response | null> {
  // Without a token the parent route sends the user to login; nothing to load here.
  if (!tokenStorage.getToken()) return null;
  const sessionId = params['sessionId'];
  if (!sessionId) throw notFound();
  const url = new URL(request.url);
  const query = parseWatchQuery(url.searchParams);

  let stream: Stream | null = null;
  if (query.streamId) {
    try {
      stream = await fetchStream(query.streamId);
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 403)) throw notFound();
      throw error;
    }
    if (stream.isDeleted) throw notFound();
    const target = streamRedirect(sessionId, stream, url.search);
    if (target) return redirect(target);
  }

  let session: Session | null;
  try {
    session = await fetchSession(sessionId);
  } catch (error) {
    if (isApiError(error) && error.status === 403) return disabled(sessionId);
    throw error;
  }
  if (!session) throw notFound();
  if (!session.isWatchable) return disabled(sessionId);
  return { session, stream };
}
