import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Lang } from '@/contracts/entities';
import { receiveCommentsPaused, receiveLiveComment, removeLiveComment } from './api/comments';
import { receiveVoteTally } from './api/votes';
import type { WatchRoom } from './watch-room';

/** Puts the comments and vote tallies the hub pushes into the query cache the panels read. */
export function useRoomFeed(
  room: WatchRoom | null,
  sessionId: string,
  streamId: string | null,
  lang: Lang,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!room || !streamId) return;
    const sub = room.feed$.subscribe((message) => {
      if (message.type === 'comment') {
        receiveLiveComment(queryClient, sessionId, streamId, lang, message.comment);
      } else if (message.type === 'commentRemove') {
        removeLiveComment(queryClient, sessionId, streamId, lang, message.id);
      } else if (message.type === 'commentsPaused') {
        receiveCommentsPaused(queryClient, streamId, message.paused);
      } else receiveVoteTally(queryClient, sessionId, streamId, message.tally);
    });
    return () => sub.unsubscribe();
  }, [room, queryClient, sessionId, streamId, lang]);
}
