import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { CommandResult, HostIntent } from '@/engine';
import { hostMachine } from './host-machine';
import type { WatchRoom } from '../session/watch-room';

/**
 * The host's controls as a machine (host-machine): each intent is sent to the room one at a time
 * and its answer folded into the machine; watching alone, a speed the viewer picks is remembered.
 */
export function useHostCommands({
  room,
  solo,
  rememberSpeed,
}: {
  room: WatchRoom | null;
  solo: boolean;
  rememberSpeed: (rate: number) => void;
}) {
  const roomRef = useRef(room);
  roomRef.current = room;
  const logic = useMemo(
    () =>
      hostMachine.provide({
        actors: {
          command: fromPromise<CommandResult, HostIntent>(async ({ input }) => {
            const r = roomRef.current;
            if (!r) return { ok: false, code: 'network', message: 'the room is not open yet' };
            const result = await r.send(input);
            if (result.ok && solo && input.type === 'rateChange') rememberSpeed(input.rate);
            return result;
          }),
        },
        guards: { roomPlaying: () => roomRef.current?.roomPlaying() ?? false },
      }),
    [solo, rememberSpeed],
  );
  return useMachine(logic);
}
