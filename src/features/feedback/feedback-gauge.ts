import { FEEDBACK_GAUGE_THRESHOLD } from '@/contracts/constants';

/**
 * The feedback gauge (accounts and people, "Feedback gauge"): one step per feedback posted in a
 * session, up to the goal of 3; 'noAction' when the pupil has looked through 5 outputs without
 * giving any. Pure: the component keeps the state in session storage per session.
 */
const GAUGE_STATES = ['initial', 'noAction', 'first', 'second', 'final'] as const;
export type GaugeState = (typeof GAUGE_STATES)[number];

export type GaugeEvent = { type: 'output.viewed'; index: number } | { type: 'feedback.posted' };

export function gaugeReducer(state: GaugeState, event: GaugeEvent): GaugeState {
  switch (event.type) {
    case 'output.viewed':
      return state === 'initial' && event.index >= FEEDBACK_GAUGE_THRESHOLD ? 'noAction' : state;
    case 'feedback.posted':
      switch (state) {
        case 'initial':
        case 'noAction':
          return 'first';
        case 'first':
          return 'second';
        case 'second':
        case 'final':
          return 'final';
      }
  }
}

/** How many of the goal's feedback the state stands for. */
export const gaugeSteps = (state: GaugeState): number =>
  state === 'first' ? 1 : state === 'second' ? 2 : state === 'final' ? 3 : 0;

const gaugeStorageKey = (sessionId: string): string => `feedbackGauge.${sessionId}`;

/** Reads a stored state; anything unreadable starts over. */
export function readGauge(storage: Pick<Storage, 'getItem'>, sessionId: string): GaugeState {
  let raw: string | null = null;
  try {
    raw = storage.getItem(gaugeStorageKey(sessionId));
  } catch {
    return 'initial';
  }
  return (GAUGE_STATES as readonly string[]).includes(raw ?? '') ? (raw as GaugeState) : 'initial';
}

export function writeGauge(
  storage: Pick<Storage, 'setItem'>,
  sessionId: string,
  state: GaugeState,
): void {
  try {
    storage.setItem(gaugeStorageKey(sessionId), state);
  } catch {
    // Storage full or disabled: the gauge simply restarts next time.
  }
}

/**
 * The gauge event for a feedback the server just answered (issue 8): only published feedback
 * moves the gauge; feedback held for a teacher's review (the screening, or the group's "approve
 * all feedback first") does not praise the sender.
 */
export function gaugeEventForPosted(item: { awaitingApproval: boolean }): GaugeEvent | null {
  return item.awaitingApproval ? null : { type: 'feedback.posted' };
}
