import { describe, expect, it } from 'vitest';
import {
  gaugeReducer,
  gaugeSteps,
  readGauge,
  writeGauge,
  type GaugeEvent,
  type GaugeState,
} from './feedback-gauge';

const run = (events: GaugeEvent[], from: GaugeState = 'initial') =>
  events.reduce(gaugeReducer, from);
const posted: GaugeEvent = { type: 'feedback.posted' };
const viewed = (index: number): GaugeEvent => ({ type: 'output.viewed', index });

describe('gaugeReducer', () => {
  it('steps first, second, final with one feedback each and stays final', () => {
    expect(run([posted])).toBe('first');
    expect(run([posted, posted])).toBe('second');
    expect(run([posted, posted, posted])).toBe('final');
    expect(run([posted, posted, posted, posted])).toBe('final');
    expect(gaugeSteps(run([posted, posted]))).toBe(2);
  });

  it('turns noAction when the output index reaches 5 while still initial', () => {
    expect(run([viewed(1), viewed(4)])).toBe('initial');
    expect(run([viewed(5)])).toBe('noAction');
    expect(run([posted, viewed(7)])).toBe('first');
    expect(run([viewed(5), posted])).toBe('first');
  });
});

describe('gauge storage', () => {
  it('keeps one state per session and ignores junk', () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    };
    writeGauge(storage, 's1', 'second');
    expect(readGauge(storage, 's1')).toBe('second');
    expect(readGauge(storage, 's2')).toBe('initial');
    map.set('feedbackGauge.s3', 'bogus');
    expect(readGauge(storage, 's3')).toBe('initial');
  });
});
