import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { isApiError } from '@/lib/api-errors';
import { joinSession, leaveSession, leaveSessionOnUnload } from '../api/join-session';
import { joinMachine } from './join-machine';
import type { WatchRoom } from './watch-room';

type JoinStep = 'waiting' | 'joining' | 'full' | 'failed';

/**
 * Joining: the tap that records the join and also satisfies the autoplay policy (join-machine).
 * Watching alone, the tap also says where to start (0, or where the pupil left it last time) and
 * plays at once at the viewer's remembered speed. Leaving is recorded when the page goes.
 */
export function useJoin({
  sessionId,
  streamId,
  room,
  playSpeed,
}: {
  sessionId: string;
  /** null: watching alone. */
  streamId: string | null;
  room: WatchRoom | null;
  /** The viewer's remembered speed, read at the tap. */
  playSpeed: () => number;
}) {
  const solo = streamId === null;
  const roomRef = useRef(room);
  roomRef.current = room;
  const startFrom = useRef(0);
  const speedRef = useRef(playSpeed);
  speedRef.current = playSpeed;
  const logic = useMemo(
    () =>
      joinMachine.provide({
        actors: {
          join: fromPromise(async () => {
            try {
              return await joinSession(sessionId, streamId);
            } catch (error) {
              // Watching alone with no network (a downloaded archive, issue 13): the join
              // activity cannot be recorded, and nothing else needs the server.
              const offline = isApiError(error) && error.code === 'network' && !navigator.onLine;
              if (solo && offline) return Date.now();
              throw error;
            }
          }),
        },
        actions: {
          startPlayback: () => {
            const r = roomRef.current;
            r?.start();
            if (!r || !solo) return;
            // The tap is the one the pupil makes (issue 24: it took a second tap on play).
            const speed = speedRef.current();
            if (speed !== 1) void r.send({ type: 'rateChange', rate: speed });
            void r.send({ type: 'play', from: startFrom.current });
          },
        },
      }),
    [sessionId, streamId, solo],
  );
  const [state, send] = useMachine(logic);
  const joined = state.matches('watching');
  useEffect(() => {
    if (joined) room?.start();
  }, [joined, room]);
  useEffect(() => {
    if (!joined) return;
    const onHide = () => leaveSessionOnUnload(sessionId, streamId);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      void leaveSession(sessionId, streamId).catch(() => undefined);
    };
  }, [joined, sessionId, streamId]);

  const step: JoinStep = state.matches('joining')
    ? 'joining'
    : state.matches('full')
      ? 'full'
      : state.matches('failed')
        ? 'failed'
        : 'waiting';
  return {
    joined,
    step,
    /** The tap on the gate; `from`: where a solo viewer starts. */
    tap: (from?: number) => {
      startFrom.current = from ?? 0;
      send({ type: 'join.tap' });
    },
  };
}
