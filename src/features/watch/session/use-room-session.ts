import { useEffect, useMemo } from 'react';
import type { Lang } from '@/contracts/entities';
import { useOnline } from '@/lib/use-online';
import { useDebugSyncHook } from './use-debug-sync';
import { useRoomFeed } from './use-room-feed';
import { useWatchRoom, type RoomSource } from './use-watch-room';

/**
 * The page's room: the room on this server (as its host or a follower) or the viewer's own
 * archive viewing, with its model while it is live, the room's failure, and the connection as an
 * indicator reads it (`closed` while this device is offline). Its events refresh the page's
 * queries (useRoomFeed); back online, the clock is measured again at once.
 */
export function useRoomSession({
  sessionId,
  streamId,
  userId,
  isHost,
  lang,
  debugSync,
}: {
  sessionId: string;
  /** null: watching alone. */
  streamId: string | null;
  userId: string;
  isHost: boolean;
  lang: Lang;
  debugSync: boolean;
}) {
  const source = useMemo<RoomSource>(
    () =>
      streamId
        ? { type: 'room', streamId, role: isHost ? 'host' : 'follower' }
        : { type: 'solo', sessionId, userId },
    [streamId, isHost, sessionId, userId],
  );
  const state = useWatchRoom(source);
  const room = state.status === 'idle' ? null : state.room;
  const model = state.status === 'live' || state.status === 'reconnecting' ? state.model : null;
  const online = useOnline();
  const connection = state.status === 'idle' ? 'connecting' : state.connection;
  const transport = online && connection !== 'versionMismatch' ? connection : 'closed';
  useEffect(() => {
    if (online) room?.client.visible();
  }, [online, room]);
  useDebugSyncHook(debugSync, room);
  useRoomFeed(room, sessionId, streamId, lang);
  return {
    room,
    model,
    failure: state.status === 'failed' ? state.reason : null,
    online,
    transport,
  } as const;
}
