import { and, assign, fromPromise, not, or, raise, setup, stateIn } from 'xstate';
import type { TimedAction } from '@/contracts/entities';
import type { LiveActionKind } from '@/contracts/stream';
import type { CommandResult, HostIntent } from '@/engine';

/**
 * The host's controls as a machine, in two regions. `commands` sends one intent at a time: in
 * `sending` it invokes the provided `command` actor (the room client's command) and folds the
 * answer — a refusal becomes `error`; what the host presses meanwhile waits in `queue`, where
 * quick skips add up into one pending skip. `terminate` holds the end-room confirmation. Effects
 * (`command`, the guard `roomPlaying`) are supplied with `.provide()`, so the machine is tested
 * without a room and the view only sends events.
 */

type CommandFailure = Extract<CommandResult, { ok: false }>['code'];

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
  | { type: 'error.dismiss' };

/** The speeds the host may pick. */
export const HOST_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** One press of skip moves this far (s). */
export const SKIP_SECONDS = 10;

interface HostContext {
  error: CommandFailure | null;
  /** queue[0] is being sent while in `sending`; the rest waits for its answer. */
  queue: HostIntent[];
}

type MachineEvent = HostEvent | { type: 'intent'; intent: HostIntent };

const notProvided = (name: string) => () => {
  throw new Error(`host machine: provide '${name}' with .provide()`);
};

/** Adds an intent behind the one in flight; a skip right behind a waiting skip joins it. */
const enqueue = (queue: readonly HostIntent[], intent: HostIntent): HostIntent[] => {
  const last = queue.at(-1);
  if (queue.length > 1 && last?.type === 'skipBy' && intent.type === 'skipBy') {
    return [...queue.slice(0, -1), { type: 'skipBy', by: last.by + intent.by }];
  }
  return [...queue, intent];
};

/** Whether the host's last play or pause still waiting to be sent is `type`. */
const lastQueued = (queue: readonly HostIntent[], type: 'play' | 'pause'): boolean =>
  [...queue].reverse().find((i) => i.type === 'play' || i.type === 'pause')?.type === type;

const actionIntent = (event: Extract<HostEvent, { type: 'action.push' }>): HostIntent =>
  event.showResult === undefined
    ? { type: event.kind, timedAction: event.timedAction, active: event.active }
    : {
        type: event.kind,
        timedAction: event.timedAction,
        active: event.active,
        showResult: event.showResult,
      };

/** The internal event every control becomes: one intent for the `commands` region. */
const intent = (i: HostIntent) => ({ type: 'intent' as const, intent: i });

export const hostMachine = setup({
  types: {
    context: {} as HostContext,
    events: {} as MachineEvent,
  },
  actors: {
    command: fromPromise<CommandResult, HostIntent>(
      notProvided('command') as () => Promise<CommandResult>,
    ),
  },
  guards: {
    roomPlaying: notProvided('roomPlaying') as () => boolean,
    playQueued: ({ context }) => lastQueued(context.queue, 'play'),
    pauseQueued: ({ context }) => lastQueued(context.queue, 'pause'),
    moreQueued: ({ context }) => context.queue.length > 1,
    free: not(stateIn({ terminate: 'confirming' })),
  },
  actions: {
    enqueue: assign({
      queue: ({ context, event }) =>
        event.type === 'intent' ? enqueue(context.queue, event.intent) : context.queue,
    }),
  },
}).createMachine({
  id: 'host',
  type: 'parallel',
  context: { error: null, queue: [] },
  on: {
    // Play or pause: the opposite of what the host last asked for, or of what the room does.
    'playback.toggle': [
      {
        guard: or(['playQueued', and([not('pauseQueued'), 'roomPlaying'])]),
        actions: raise(intent({ type: 'pause' })),
      },
      { actions: raise(intent({ type: 'play' })) },
    ],
    // One command: back to 0 and playing at the same instant for everyone (two, a skip and a
    // play, made every player seek twice).
    'playback.replay': { actions: raise(intent({ type: 'play', from: 0 })) },
    'playback.play': { actions: raise(intent({ type: 'play' })) },
    'playback.pause': { actions: raise(intent({ type: 'pause' })) },
    'playback.skip': { actions: raise(({ event }) => intent({ type: 'skipBy', by: event.by })) },
    'playback.seek': {
      actions: raise(({ event }) => intent({ type: 'skip', to: Math.max(0, event.to) })),
    },
    'playback.rate': {
      actions: raise(({ event }) => intent({ type: 'rateChange', rate: event.rate })),
    },
    'action.push': { actions: raise(({ event }) => intent(actionIntent(event))) },
    'error.dismiss': { actions: assign({ error: null }) },
  },
  states: {
    commands: {
      initial: 'idle',
      states: {
        // Nothing is sent while the end-room confirmation is open.
        idle: { on: { intent: { guard: 'free', target: 'sending', actions: 'enqueue' } } },
        sending: {
          on: { intent: { guard: 'free', actions: 'enqueue' } },
          invoke: {
            src: 'command',
            input: ({ context }) => context.queue[0]!,
            onDone: [
              {
                guard: 'moreQueued',
                target: 'sending',
                reenter: true,
                actions: assign({
                  queue: ({ context }) => context.queue.slice(1),
                  error: ({ context, event }) =>
                    event.output.ok ? context.error : event.output.code,
                }),
              },
              {
                target: 'idle',
                actions: assign({
                  queue: [],
                  error: ({ context, event }) =>
                    event.output.ok ? context.error : event.output.code,
                }),
              },
            ],
            // The room client answers failures as results; a throw is a broken connection.
            onError: { target: 'idle', actions: assign({ queue: [], error: 'network' }) },
          },
        },
      },
    },
    terminate: {
      initial: 'closed',
      states: {
        closed: { on: { 'room.terminate': 'confirming' } },
        confirming: {
          on: {
            'terminate.confirm': {
              target: 'closed',
              actions: raise({ type: 'intent', intent: { type: 'terminate' } }),
            },
            'terminate.cancel': 'closed',
          },
        },
      },
    },
  },
});
