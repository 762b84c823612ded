import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DeleteCommentResponse, PauseCommentsResponse } from '@/contracts/api/comments';
import { CommentResponse, ListCommentsResponse } from '@/contracts/api/sessions';
import type { Comment, Lang } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';
import { isApiError } from '@/lib/api-errors';
import { fetchStream } from './get-stream';
import { sessionRead } from '@/features/live/queries';

/*
 * Nothing polls (issue 14): in a room the hub pushes each comment, removal and pause, and a
 * reconnect re-reads (use-room-feed); a solo page's session-wide comments come as session
 * changes (features/live useSessionLive).
 */

/** The live comment type of a room language. */
const liveCommentType = (lang: Lang): 'LIVE-JA' | 'LIVE-EN' =>
  lang === 'en' ? 'LIVE-EN' : 'LIVE-JA';

/** Pinned first, then oldest first (a chat reads downwards). */
const orderComments = (items: readonly Comment[]): Comment[] =>
  [...items].sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || a.createdAt - b.createdAt);

const base = (sessionId: string) => `/v1/session/${encodeURIComponent(sessionId)}`;
const commentsKey = (sessionId: string, streamId: string | null, lang: Lang) =>
  ['session', sessionId, 'comments', liveCommentType(lang), streamId] as const;

/** GET /v1/session/{id}/comments of the room's live type. */
async function fetchLiveComments(
  sessionId: string,
  streamId: string | null,
  lang: Lang,
): Promise<Comment[]> {
  const type = liveCommentType(lang);
  const { items } = await apiClient.request(ListCommentsResponse, {
    url: `${base(sessionId)}/comments`,
    params: streamId ? { type, streamId } : { type },
  });
  return orderComments(items);
}

export function useLiveComments(sessionId: string, streamId: string | null, lang: Lang) {
  return useQuery({
    queryKey: commentsKey(sessionId, streamId, lang),
    queryFn: () => fetchLiveComments(sessionId, streamId, lang),
    meta: sessionRead(sessionId, 'comment'),
  });
}

/** Adds a comment the hub pushed (or replaces it, when it was already listed). */
export function receiveLiveComment(
  queryClient: QueryClient,
  sessionId: string,
  streamId: string | null,
  lang: Lang,
  comment: Comment,
): void {
  if (comment.type !== liveCommentType(lang)) return;
  queryClient.setQueryData<Comment[]>(commentsKey(sessionId, streamId, lang), (old) =>
    old ? orderComments([...old.filter((c) => c.id !== comment.id), comment]) : old,
  );
}

/** Drops a comment that was deleted (the hub's `commentRemove`, or our own DELETE). */
export function removeLiveComment(
  queryClient: QueryClient,
  sessionId: string,
  streamId: string | null,
  lang: Lang,
  id: string,
): void {
  queryClient.setQueryData<Comment[]>(commentsKey(sessionId, streamId, lang), (old) =>
    old ? old.filter((c) => c.id !== id) : old,
  );
}

/** DELETE /v1/comment/{id} (author, the room's host, staff roles). */
export function useDeleteLiveComment(sessionId: string, streamId: string | null, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await apiClient.request(DeleteCommentResponse, {
          method: 'DELETE',
          url: `/v1/comment/${encodeURIComponent(id)}`,
        })
      ).item.id,
    onSuccess: (id) => removeLiveComment(queryClient, sessionId, streamId, lang, id),
  });
}

/** PUT /v1/comment/{id}/pin (staff roles): the comment moves first (or back) at once. */
export function usePinLiveComment(sessionId: string, streamId: string | null, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, isPinned }: { id: string; isPinned: boolean }) =>
      (
        await apiClient.request(CommentResponse, {
          method: 'PUT',
          url: `/v1/comment/${encodeURIComponent(id)}/pin`,
          data: { isPinned },
        })
      ).item,
    onSuccess: (item) => receiveLiveComment(queryClient, sessionId, streamId, lang, item),
  });
}

export const commentsPausedKey = (streamId: string) =>
  ['stream', streamId, 'commentsPaused'] as const;

/**
 * Whether the room's host paused live comments: from the room as loaded, then the hub's
 * `commentsPaused` messages (and a refused post) keep it current, and it is re-read after the
 * room's socket reconnects. A solo page is never paused.
 */
export function useCommentsPaused(streamId: string | null, initial: boolean): boolean {
  const query = useQuery({
    queryKey: commentsPausedKey(streamId ?? ''),
    queryFn: async () =>
      streamId ? ((await fetchStream(streamId)).commentsPaused ?? false) : false,
    initialData: initial,
    enabled: streamId !== null,
  });
  return streamId !== null && query.data;
}

export function receiveCommentsPaused(
  queryClient: QueryClient,
  streamId: string,
  paused: boolean,
): void {
  queryClient.setQueryData<boolean>(commentsPausedKey(streamId), paused);
}

/** PUT /v1/stream/{id}/comments-paused (the room's host). */
export function usePauseComments(streamId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (paused: boolean) => {
      if (!streamId) throw new Error('no room');
      const { item } = await apiClient.request(PauseCommentsResponse, {
        method: 'PUT',
        url: `/v1/stream/${encodeURIComponent(streamId)}/comments-paused`,
        data: { paused },
      });
      return item;
    },
    onSuccess: (item) => receiveCommentsPaused(queryClient, item.streamId, item.commentsPaused),
  });
}

/** POST /v1/session/{id}/comment as a live comment. */
export function usePostLiveComment(sessionId: string, streamId: string | null, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, fail at once instead of waiting paused with a spinner (issue 9, item 20).
    networkMode: 'always',
    mutationFn: async (content: string) => {
      const type = liveCommentType(lang);
      const { item } = await apiClient.request(CommentResponse, {
        method: 'POST',
        url: `${base(sessionId)}/comment`,
        data: streamId ? { type, content, streamId } : { type, content },
      });
      return item;
    },
    onSuccess: (item) => receiveLiveComment(queryClient, sessionId, streamId, lang, item),
    onError: (error) => {
      // The host paused while the pupil was typing: show it at once (the draft stays).
      if (streamId && isApiError(error) && error.code === 'commentsPaused') {
        receiveCommentsPaused(queryClient, streamId, true);
      }
    },
  });
}
