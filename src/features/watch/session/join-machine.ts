import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '@/lib/api-errors';

/**
 * Joining the room: the viewer's tap sends the join (so the autoplay policy sees a user gesture
 * before playback starts), then playback starts through the provided `startPlayback`. A full room
 * ends in `full` with the spec's message; any other failure can be retried with another tap.
 * Effects (`join`, `startPlayback`) are supplied with `.provide()`.
 */
export type JoinEvent = { type: 'join.tap' } | { type: 'join.retry' };

const notProvided = (name: string) => () => {
  throw new Error(`join machine: provide '${name}' with .provide()`);
};

export const joinMachine = setup({
  types: {
    context: {} as { joinedAt: number | null },
    events: {} as JoinEvent,
  },
  actors: {
    join: fromPromise<number>(notProvided('join') as () => Promise<number>),
  },
  actions: {
    startPlayback: notProvided('startPlayback'),
  },
  guards: {
    isFull: ({ event }) =>
      'error' in event && isApiError(event.error) && event.error.code === 'participantLimit',
  },
}).createMachine({
  id: 'join',
  context: { joinedAt: null },
  initial: 'waiting',
  states: {
    waiting: { on: { 'join.tap': 'joining' } },
    joining: {
      invoke: {
        src: 'join',
        onDone: {
          target: 'watching',
          actions: assign({ joinedAt: ({ event }) => event.output }),
        },
        onError: [{ guard: 'isFull', target: 'full' }, { target: 'failed' }],
      },
    },
    watching: { entry: 'startPlayback' },
    full: {},
    failed: { on: { 'join.tap': 'joining', 'join.retry': 'joining' } },
  },
});
