import { useMachine } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { hostMachine } from './host-machine';
import type { WatchRoom } from '../session/watch-room';

/**
 * The host's controls as a machine (host-machine): each intent is sent to the room, a refusal
 * comes back as `command.failed`; watching alone, a speed the viewer picks is remembered.
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
        actions: {
          sendIntent: ({ self }, { request }) => {
            const r = roomRef.current;
            if (!r) return;
            void r.send(request).then((result) => {
              if (!result.ok) self.send({ type: 'command.failed', code: result.code });
              else if (solo && request.type === 'rateChange') rememberSpeed(request.rate);
            });
          },
        },
        guards: { roomPlaying: () => roomRef.current?.roomPlaying() ?? false },
      }),
    [solo, rememberSpeed],
  );
  return useMachine(logic);
}
