import { useEffect, useMemo, useRef, useState } from 'react';
import type { RoomModel } from '@/contracts/stream';
import { useSessionLive } from '@/features/live';
import { useSessionUsers } from '../api/get-session-users';
import { leftBetween, mergeParticipants } from './participants';
import { useObservable } from '../use-observable';
import type { WatchRoom } from '../session/watch-room';

/**
 * The participants panel's rows: the session's users merged with who is in the room now, and who
 * left it while this page was open; the host also sees each follower's sync status.
 */
export function useParticipants({
  sessionId,
  streamId,
  room,
  model,
  isHost,
  serverNow,
}: {
  sessionId: string;
  /** null: watching alone (no room). */
  streamId: string | null;
  room: WatchRoom | null;
  model: RoomModel | null;
  isHost: boolean;
  serverNow: number;
}) {
  const solo = streamId === null;
  const users = useSessionUsers(sessionId, streamId);
  // Session-wide activity (solo comments, ballots, joins) re-reads the panels; nothing polls.
  useSessionLive(sessionId);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const previous = useRef<RoomModel['participants'] | null>(null);
  useEffect(() => {
    if (!model) return;
    const gone = leftBetween(previous.current, model.participants);
    previous.current = model.participants;
    if (gone.length > 0) setLeft((s) => new Set([...s, ...gone]));
  }, [model]);
  const participants = useMemo(
    () => mergeParticipants(users.data ?? [], solo ? null : model, serverNow, left),
    [users.data, solo, model, serverNow, left],
  );
  const statuses = useObservable(
    !solo && isHost && room ? room.client.participantStatus$ : null,
    {},
  );
  return { participants, statuses };
}
