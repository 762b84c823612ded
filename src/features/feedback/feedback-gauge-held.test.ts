import { describe, expect, it } from 'vitest';
import { gaugeEventForPosted, gaugeReducer, gaugeSteps } from './feedback-gauge';

describe('the gauge counts only published feedback (issue 8)', () => {
  it('does not move for feedback held for a teacher, moves for published feedback', () => {
    let state = gaugeReducer('initial', { type: 'output.viewed', index: 1 });
    const held = gaugeEventForPosted({ awaitingApproval: true });
    expect(held).toBeNull();
    if (held) state = gaugeReducer(state, held);
    expect(gaugeSteps(state)).toBe(0);
    const published = gaugeEventForPosted({ awaitingApproval: false });
    expect(published).toEqual({ type: 'feedback.posted' });
    state = gaugeReducer(state, published!);
    expect(state).toBe('first');
  });
});
