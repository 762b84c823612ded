import { assign, setup } from 'xstate';
import type { TimedAction } from '@/contracts/entities';
import type { LiveActionKind } from '@/contracts/stream';
import type { HostIntent } from '@/engine';

/**
 * The host's controls as a machine. It holds names, not effects: `sendIntent` (send a host
 * command through the room client) and the guard `roomPlaying` are supplied with `.provide()` by
 * the watch page, so the machine is tested without a room, and the view only sends events.
 */

/** What the host asks for; `skipBy` is resolved against the room position when it is sent. */
export type HostRequest = HostIntent | { type: 'skipBy'; by: number };

export type CommandFailure = 'forbidden' | 'notFound' | 'badRequest' | 'conflict' | 'network';

export type HostEvent =
  | { type: 'playback.toggle' }
  /** At the end of the video: back to the start and play (issue 9, item 12; issue 24). */
  | { type: 'playback.replay' }
  | { type: 'playback.play' }
  | { type: 'playback.pause' }
  | { type: 'playback.skip'; by: number }
  | { type: 'playback.seek'; to: number }
  | { type: 'playback.rate'; rate: number }
  | {
      type: 'action.push';
      kind: LiveActionKind;
      timedAction: TimedAction;
      active: boolean;
      showResult?: boolean;
    }
  | { type: 'room.terminate' }
  | { type: 'terminate.confirm' }
  | { type: 'terminate.cancel' }
  | { type: 'command.failed'; code: CommandFailure }
  | { type: 'error.dismiss' };

/** The speeds the host may pick. */
export const HOST_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** One press of skip moves this far (s). */
export const SKIP_SECONDS = 10;

const notProvided = (name: string) => () => {
  throw new Error(`host machine: provide '${name}' with .provide()`);
};

export const hostMachine = setup({
  types: {
    context: {} as { error: CommandFailure | null },
    events: {} as HostEvent,
  },
  actions: {
    sendIntent: notProvided('sendIntent') as (_: unknown, params: { request: HostRequest }) => void,
  },
  guards: {
    roomPlaying: notProvided('roomPlaying') as () => boolean,
  },
}).createMachine({
  id: 'host',
  context: { error: null },
  initial: 'controlling',
  on: {
    'command.failed': { actions: assign({ error: ({ event }) => event.code }) },
    'error.dismiss': { actions: assign({ error: null }) },
  },
  states: {
    controlling: {
      on: {
        'playback.toggle': [
          {
            guard: 'roomPlaying',
            actions: { type: 'sendIntent', params: { request: { type: 'pause' } } },
          },
          { actions: { type: 'sendIntent', params: { request: { type: 'play' } } } },
        ],
        // One command: back to 0 and playing at the same instant for everyone (two, a skip and a
        // play, made every player seek twice).
        'playback.replay': {
          actions: { type: 'sendIntent', params: { request: { type: 'play', from: 0 } } },
        },
        'playback.play': { actions: { type: 'sendIntent', params: { request: { type: 'play' } } } },
        'playback.pause': {
          actions: { type: 'sendIntent', params: { request: { type: 'pause' } } },
        },
        'playback.skip': {
          actions: {
            type: 'sendIntent',
            params: ({ event }) => ({ request: { type: 'skipBy', by: event.by } }),
          },
        },
        'playback.seek': {
          actions: {
            type: 'sendIntent',
            params: ({ event }) => ({ request: { type: 'skip', to: Math.max(0, event.to) } }),
          },
        },
        'playback.rate': {
          actions: {
            type: 'sendIntent',
            params: ({ event }) => ({ request: { type: 'rateChange', rate: event.rate } }),
          },
        },
        'action.push': {
          actions: {
            type: 'sendIntent',
            params: ({ event }) => ({
              request:
                event.showResult === undefined
                  ? {
                      type: event.kind,
                      timedAction: event.timedAction,
                      active: event.active,
                    }
                  : {
                      type: event.kind,
                      timedAction: event.timedAction,
                      active: event.active,
                      showResult: event.showResult,
                    },
            }),
          },
        },
        'room.terminate': 'confirmingTerminate',
      },
    },
    confirmingTerminate: {
      on: {
        'terminate.confirm': {
          target: 'controlling',
          actions: { type: 'sendIntent', params: { request: { type: 'terminate' } } },
        },
        'terminate.cancel': 'controlling',
      },
    },
  },
});
