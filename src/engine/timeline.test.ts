import { describe, expect, it } from 'vitest';
import type { TimedAction } from '../contracts/entities';
import { activeActionsAt, chapterAt, msUntilPosition, nextChangeAfter } from './timeline';

const actions: TimedAction[] = [
  { start: 0, action: 'chapter', params: { name: 'Intro' } },
  { start: 60, action: 'chapter', params: { name: 'Body' } },
  { start: 10, end: 20, action: 'telop', params: { title: 'Hello' } },
  { start: 30, end: 50, show: 32, hide: 40, action: 'image', params: { image: '/a.png' } },
  { start: 70, end: 100, resultTime: 90, action: 'vote', params: { choices: ['a', 'b'] } },
  { start: 120, action: 'output', params: {} },
  { start: 200, end: 260, action: 'chapter', params: { name: 'Outro' } },
];

const kinds = (position: number) =>
  activeActionsAt(actions, position).map((a) => `${a.action.action}:${a.visible ? 'on' : 'off'}`);

describe('activeActionsAt', () => {
  it('has exactly one current chapter: the latest started', () => {
    expect(chapterAt(actions, 5)?.params.name).toBe('Intro');
    expect(chapterAt(actions, 59.99)?.params.name).toBe('Intro');
    expect(chapterAt(actions, 60)?.params.name).toBe('Body');
    expect(chapterAt(actions, 210)?.params.name).toBe('Outro');
    // A chapter with an end stops there.
    expect(chapterAt(actions, 260)).toBeNull();
  });

  it('is active from start (inclusive) to end (exclusive)', () => {
    expect(kinds(9.99)).toEqual(['chapter:on']);
    expect(kinds(10)).toEqual(['chapter:on', 'telop:on']);
    expect(kinds(20)).toEqual(['chapter:on']);
  });

  it('overlays are visible only between show and hide', () => {
    expect(kinds(31)).toEqual(['chapter:on', 'image:off']);
    expect(kinds(32)).toEqual(['chapter:on', 'image:on']);
    expect(kinds(40)).toEqual(['chapter:on', 'image:off']);
  });

  it('vote results become visible at resultTime', () => {
    const vote = (p: number) => activeActionsAt(actions, p).find((a) => a.action.action === 'vote');
    expect(vote(80)?.resultVisible).toBe(false);
    expect(vote(90)?.resultVisible).toBe(true);
    expect(vote(100)).toBeUndefined();
  });

  it('an action without end stays active', () => {
    expect(kinds(5000)).toEqual(['output:on']);
  });

  it('indexes refer to the original list', () => {
    const telop = activeActionsAt(actions, 15).find((a) => a.action.action === 'telop');
    expect(telop?.index).toBe(2);
  });
});

describe('nextChangeAfter', () => {
  it('finds the next boundary so the UI sets one timer', () => {
    expect(nextChangeAfter(actions, 0)).toBe(10);
    expect(nextChangeAfter(actions, 10)).toBe(20);
    expect(nextChangeAfter(actions, 31)).toBe(32);
    expect(nextChangeAfter(actions, 32)).toBe(40);
    expect(nextChangeAfter(actions, 85)).toBe(90);
    expect(nextChangeAfter(actions, 260)).toBeNull();
  });

  it('the active set only changes at the boundaries it reports', () => {
    for (let p = 0; p < 300;) {
      const next = nextChangeAfter(actions, p) ?? 300;
      const here = JSON.stringify(activeActionsAt(actions, p));
      for (let q = p; q < next; q += 0.25) {
        expect(JSON.stringify(activeActionsAt(actions, q))).toBe(here);
      }
      p = next;
    }
  });

  it('converts a position gap to wall time at the playback rate', () => {
    expect(msUntilPosition(20, 10, 2)).toBe(5000);
    expect(msUntilPosition(5, 10, 1)).toBe(0);
    expect(msUntilPosition(20, 10, 0)).toBe(Infinity);
  });
});
