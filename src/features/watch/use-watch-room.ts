import { useEffect, useState } from 'react';
import { NEVER } from 'rxjs';
import type { RoomModel } from '@/contracts/stream';
import { createSoloTransport, createWsTransport } from '@/engine';
import type { TransportStatus, SocketLike } from '@/engine';
import { hubSession } from '@/lib/hub-session';
import { postStreamCommand } from './api/post-stream-command';
import { browserScheduler } from './browser-scheduler';
import { useObservable } from './use-observable';
import { createWatchRoom, type WatchRole, type WatchRoom } from './watch-room';

/** A room on this server, or the viewer's own archive viewing. */
export type RoomSource =
  | { kind: 'room'; streamId: string; role: WatchRole }
  | { kind: 'solo'; sessionId: string; userId: string };

const openSocket = (): SocketLike => new WebSocket(hubSession.url());

/** The solo room's id: unique per session, never sent to a server. */
export const soloStreamId = (sessionId: string): string => `solo-${sessionId}`.slice(0, 64);

const buildRoom = (source: RoomSource): WatchRoom => {
  if (source.kind === 'room') {
    return createWatchRoom({
      transport: createWsTransport({
        connect: openSocket,
        scheduler: browserScheduler,
        postCommand: postStreamCommand,
        // The token is the socket's first message, never in the URL (lib/hub-session.ts).
        getToken: hubSession.getToken,
        watchToken: hubSession.watchToken,
        onSignedOut: hubSession.onSignedOut,
      }),
      streamId: source.streamId,
      scheduler: browserScheduler,
      role: source.role,
    });
  }
  const streamId = soloStreamId(source.sessionId);
  return createWatchRoom({
    transport: createSoloTransport({
      streamId,
      userId: source.userId,
      scheduler: browserScheduler,
    }),
    streamId,
    scheduler: browserScheduler,
    role: 'host',
  });
};

export interface WatchRoomState {
  room: WatchRoom | null;
  model: RoomModel | null;
  transport: TransportStatus;
}

/**
 * Builds the room in an effect and closes it on unmount (tldraw's useSync shape); the view reads
 * the model and the connection status from here and never touches a socket.
 */
export function useWatchRoom(source: RoomSource | null): WatchRoomState {
  const [room, setRoom] = useState<WatchRoom | null>(null);
  const key = source
    ? source.kind === 'room'
      ? `room:${source.streamId}:${source.role}`
      : `solo:${source.sessionId}:${source.userId}`
    : null;

  useEffect(() => {
    if (!source) return;
    const next = buildRoom(source);
    setRoom(next);
    // A tab coming back re-measures the clock at once (timers were throttled while hidden).
    const onVisible = () => {
      if (document.visibilityState === 'visible') next.client.visible();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      next.close();
      setRoom(null);
    };
    // The room is rebuilt only when what it connects to changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const model = useObservable<RoomModel | null>(room?.client.model$ ?? null, null);
  const transport = useObservable<TransportStatus>(room?.client.status$ ?? NEVER, 'connecting');
  return { room, model, transport };
}
