import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Lang } from '@/contracts/user-entities';
import { refreshSession } from '@/features/live';
import {
  commentsPausedKey,
  receiveCommentsPaused,
  receiveLiveComment,
  removeLiveComment,
} from '../api/comments';
import { receiveVoteTally } from '../api/votes';
import type { WatchRoom } from './watch-room';

/**
 * Puts the comments and vote tallies the hub pushes into the query cache the panels read, and
 * re-reads them when the room's socket comes back after a gap.
 */
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
    // Nothing polls: after a gap, re-read what the room pushes (comments, tallies, the pause).
    const back = room.reconnected$.subscribe(() => {
      refreshSession(queryClient, sessionId);
      void queryClient.invalidateQueries({ queryKey: commentsPausedKey(streamId) });
    });
    return () => {
      sub.unsubscribe();
      back.unsubscribe();
    };
  }, [room, queryClient, sessionId, streamId, lang]);
}
