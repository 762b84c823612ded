import { assign, fromPromise, setup } from 'xstate';
import { RELOAD_AFTER_SAVE_MS } from '@/contracts/constants';

export interface SaveContext {
  /** What the save effect threw, for the view to place under a field (password) or ignore. */
  error: unknown;
}

export type SaveEvent = { type: 'save.submit' } | { type: 'form.edit' };

/**
 * Idle → saving → success (message, page reload after RELOAD_AFTER_SAVE_MS) or failure (message;
 * editing or saving again leaves it). Shared by the language and password panes; the page
 * supplies `save`, `notifySuccess`, `notifyFailure` and `reload` with `.provide()`.
 */
export const saveMachine = setup({
  types: { context: {} as SaveContext, events: {} as SaveEvent },
  actors: {
    save: fromPromise<void>(async () => {
      throw new Error('save effect not provided');
    }),
  },
  actions: {
    notifySuccess: () => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    reload: () => {},
  },
  delays: { reloadDelay: RELOAD_AFTER_SAVE_MS },
}).createMachine({
  id: 'settingsSave',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'save.submit': 'saving' },
    },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        src: 'save',
        onDone: 'success',
        onError: {
          target: 'failure',
          actions: [
            assign({ error: ({ event }) => event.error }),
            { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    success: {
      entry: 'notifySuccess',
      after: { reloadDelay: { target: 'reloading', actions: 'reload' } },
    },
    // Final: the page is going away; nothing may be sent again meanwhile.
    reloading: { type: 'final' },
    failure: {
      on: {
        'save.submit': 'saving',
        'form.edit': { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});
