import { fromPromise, setup } from 'xstate';
import { AUTOSAVE_INTERVAL_MS, AUTOSAVED_LABEL_MS } from '@/contracts/constants';

/**
 * Autosave for the output dialog (accounts and people, "Output"): while the dialog is open and the
 * save state is idle (none), every 4 s a draft is saved if `shouldSave` allows it (non-blank,
 * permitted, changed, within the limit — see shouldAutosave). States are the save-state label:
 * none, autosaving, autosaved (back to none after 4 s) and failed ('Save Failed'; the next tick
 * tries again, and the label stays until a save succeeds). Submitting pauses the ticks so a late
 * draft cannot land after the post.
 *
 * Effects are named here and supplied by the dialog: `saveDraft` (the API call) and `shouldSave`
 * (reads the current text). Tests run it on a SimulatedClock.
 */
export const autosaveMachine = setup({
  types: {
    events: {} as { type: 'autosave.pause' } | { type: 'autosave.resume' },
  },
  actors: {
    saveDraft: fromPromise<void>(() => Promise.reject(new Error('saveDraft not provided'))),
  },
  guards: {
    shouldSave: () => false,
  },
  delays: {
    interval: AUTOSAVE_INTERVAL_MS,
    label: AUTOSAVED_LABEL_MS,
  },
}).createMachine({
  id: 'autosave',
  initial: 'none',
  on: {
    'autosave.pause': { target: '.paused' },
  },
  states: {
    none: {
      after: {
        interval: [
          { guard: 'shouldSave', target: 'autosaving' },
          { target: 'none', reenter: true },
        ],
      },
    },
    autosaving: {
      invoke: { src: 'saveDraft', onDone: 'autosaved', onError: 'failed' },
    },
    autosaved: {
      after: { label: 'none' },
    },
    failed: {
      after: {
        interval: [
          { guard: 'shouldSave', target: 'autosaving' },
          { target: 'failed', reenter: true },
        ],
      },
    },
    paused: {
      on: { 'autosave.resume': 'none' },
    },
  },
});

/** The label states the view shows ('paused' shows as none). */
export type SaveState = 'none' | 'autosaving' | 'autosaved' | 'failed';
