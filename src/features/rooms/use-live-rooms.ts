import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Stream } from '@/contracts/entities';
import { reduceStreamList } from '@/engine';
import { streamsKey, useStreams } from './api/list-streams';
import { createHubTransport } from './realtime';
import { roomsToShow } from './room-rules';

/** How often the 12-hour window is re-applied, so a room that grew too old leaves the list. */
const WINDOW_TICK_MS = 60_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * The rooms list, kept live: the first page comes from GET /v1/streams, then the hub's
 * streamUpsert / streamRemove messages are folded into the cached list (engine `reduceStreamList`).
 * Each time the transport confirms the subscription (`streamsSubscribed`: the hub after every
 * (re)connect, Firestore once its lists have answered) the list is fetched again, so nothing said
 * while the socket was down, or while the subscription was being set up, is missed. One read per
 * (re)connect: the socket's opening alone is not a reason (the confirmation follows it).
 */
export function useLiveRooms(sessionId?: string) {
  const queryClient = useQueryClient();
  const query = useStreams(sessionId);
  const now = useNow(WINDOW_TICK_MS);

  useEffect(() => {
    const key = streamsKey(sessionId);
    const transport = createHubTransport();
    transport.subscribeStreamList(sessionId);
    const messageSub = transport.messages$.subscribe((message) => {
      // The hub holds the subscription from here: a change made between the read above and this
      // (a room ended just as the page opened) would otherwise stay on the list until a reload.
      if (message.type === 'streamsSubscribed') {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      if (message.type !== 'streamUpsert' && message.type !== 'streamRemove') return;
      queryClient.setQueryData<readonly Stream[]>(key, (list) =>
        list ? reduceStreamList(list, message) : list,
      );
      // A read in flight began before this change and would put the old list back when it
      // lands (a room ended as the page opened came back): read again instead, which cancels it.
      if (queryClient.isFetching({ queryKey: key, exact: true }) > 0) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
    });
    return () => {
      messageSub.unsubscribe();
      transport.close();
    };
  }, [queryClient, sessionId]);

  return {
    rooms: query.data ? roomsToShow(query.data, now, sessionId) : [],
    isPending: query.isPending,
    /** Nothing loaded and the read waits for the network (offline). */
    isPaused: query.isPending && query.isPaused,
    isError: query.isError,
    refetch: query.refetch,
  };
}
