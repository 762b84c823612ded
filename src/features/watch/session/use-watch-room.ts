import { useEffect, useState } from 'react';
import { createSoloRoom } from '@/engine';
import type { RoomModel } from '@/contracts/stream';
import type { RoomFailure, RoomStatus, TransportStatus } from '@/engine';
import { createHubTransport } from '@/features/rooms';
import { postStreamCommand } from '../api/post-stream-command';
import { browserScheduler } from './browser-scheduler';
import { useObservable } from '../use-observable';
import { createWatchRoom, type WatchRole, type WatchRoom } from './watch-room';

/** A room on this server, or the viewer's own archive viewing. */
export type RoomSource =
  | { type: 'room'; streamId: string; role: WatchRole }
  | { type: 'solo'; sessionId: string; userId: string };

/** The solo room's id: unique per session, never sent to a server. */
const soloStreamId = (sessionId: string): string => `solo-${sessionId}`.slice(0, 64);

const buildRoom = (source: RoomSource): WatchRoom => {
  if (source.type === 'room') {
    return createWatchRoom({
      // The server's realtime backend: its /ws hub, or Firestore (REALTIME_BACKEND).
      transport: createHubTransport(browserScheduler),
      postCommand: postStreamCommand,
      streamId: source.streamId,
      scheduler: browserScheduler,
      role: source.role,
    });
  }
  const streamId = soloStreamId(source.sessionId);
  const solo = createSoloRoom({ streamId, userId: source.userId, scheduler: browserScheduler });
  return createWatchRoom({
    transport: solo.transport,
    postCommand: solo.postCommand,
    streamId,
    scheduler: browserScheduler,
    role: 'host',
  });
};

/**
 * The watch page's room as one union: no source yet (`idle`), or the room (built) with its
 * status — `connecting` until the first state arrives, `live`, `reconnecting` (the last known
 * model is kept), or `failed` for good (`notFound`: the room does not exist or is not open to
 * this user; `versionMismatch`: the server speaks another protocol, reload). `connection` is the
 * socket alone, for indicators.
 */
export type WatchRoomState =
  | { status: 'idle' }
  | ({ room: WatchRoom; connection: TransportStatus } & (
      | { status: 'connecting' }
      | { status: 'live' | 'reconnecting'; model: RoomModel }
      | { status: 'failed'; reason: RoomFailure }
    ));

/**
 * Builds the room in an effect and closes it on unmount (tldraw's useSync shape); the view reads
 * one status union from here and never touches a socket.
 */
export function useWatchRoom(source: RoomSource | null): WatchRoomState {
  const [room, setRoom] = useState<WatchRoom | null>(null);
  const key = source
    ? source.type === 'room'
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

  const status = useObservable<RoomStatus>(room?.client.status$ ?? null, { type: 'connecting' });
  const connection = useObservable<TransportStatus>(room?.client.connection$ ?? null, 'connecting');
  if (!room) return { status: 'idle' };
  switch (status.type) {
    case 'connecting':
      return { status: 'connecting', room, connection };
    case 'failed':
      return { status: 'failed', reason: status.reason, room, connection };
    default:
      return { status: status.type, model: status.model, room, connection };
  }
}
