import { describe, expect, it } from 'vitest';
import type { TimedAction } from '@/contracts/entities';
import type { LiveAction } from '@/contracts/stream';
import { selectOverlays } from './overlays';

const a = (x: Omit<TimedAction, 'params'> & { params?: TimedAction['params'] }): TimedAction => ({
  params: {},
  ...x,
});

const timeline: TimedAction[] = [
  a({ start: 0, end: 15, action: 'chapter', params: { name: 'Intro' } }),
  a({ start: 4, end: 11, action: 'telop', params: { title: 'Ocean' } }),
  a({ start: 15, end: 30, action: 'chapter', params: { name: 'Middle' } }),
  a({ start: 18, end: 26, show: 20, action: 'image', params: { image: '/i.jpg' } }),
  a({ start: 24, end: 38, action: 'discuss', params: { name: 'Talk', discussId: 'd1' } }),
  a({
    start: 34,
    end: 48,
    resultTime: 44,
    action: 'vote',
    params: { name: 'Pick', discussId: 'v1', choices: ['A', 'B'] },
  }),
  a({ start: 48, show: 48, hide: 56, action: 'output', params: { name: 'Share' } }),
  a({ start: 52, action: 'feedback', params: { name: 'Read' } }),
];

const live = (timedAction: TimedAction, seq: number, showResult = false): LiveAction => ({
  timedAction,
  effectiveAt: 1,
  seq,
  showResult,
});

const none = { chapter: null, telop: null, discuss: null, vote: null };

describe('selectOverlays', () => {
  it('shows the chapter and telop of the timeline at the position', () => {
    const o = selectOverlays(timeline, 5, none);
    expect(o.chapter?.params.name).toBe('Intro');
    expect(o.telops.map((t) => t.action.params.title)).toEqual(['Ocean']);
    expect(o.images).toEqual([]);
  });

  it('waits for an image until its show time', () => {
    expect(selectOverlays(timeline, 19, none).images).toEqual([]);
    expect(selectOverlays(timeline, 21, none).images).toHaveLength(1);
  });

  it('shows a vote with its tallies only from the result time', () => {
    const before = selectOverlays(timeline, 40, none).vote;
    expect(before).toMatchObject({ voteKey: 'v1', choices: ['A', 'B'], resultVisible: false });
    expect(selectOverlays(timeline, 45, none).vote?.resultVisible).toBe(true);
    expect(selectOverlays(timeline, 49, none).vote).toBeNull();
  });

  it('shows prompts between their show and hide, open-ended ones until the end', () => {
    expect(selectOverlays(timeline, 53, none).prompts.map((p) => p.kind)).toEqual([
      'output',
      'feedback',
    ]);
    expect(selectOverlays(timeline, 57, none).prompts.map((p) => p.kind)).toEqual(['feedback']);
  });

  it('lets a live chapter, discussion and vote replace the timeline’s, and adds a live telop', () => {
    const o = selectOverlays(timeline, 5, {
      chapter: live(a({ start: 0, action: 'chapter', params: { name: 'Live' } }), 3),
      telop: live(a({ start: 0, action: 'telop', params: { title: 'Now' } }), 4),
      discuss: live(a({ start: 0, action: 'discuss', params: { name: 'Q' } }), 5),
      vote: live(
        a({ start: 0, action: 'vote', params: { name: 'Poll', choices: ['x'] } }),
        6,
        true,
      ),
    });
    expect(o.chapter?.params.name).toBe('Live');
    expect(o.telops.map((t) => t.action.params.title)).toEqual(['Ocean', 'Now']);
    expect(o.discuss?.action.params.name).toBe('Q');
    expect(o.vote).toMatchObject({ voteKey: 'Poll', resultVisible: true, live: true });
  });

  it('keeps the timeline’s result time for a live push of the same vote', () => {
    const vote = timeline[5];
    if (!vote) throw new Error('fixture');
    const o = selectOverlays(timeline, 45, { ...none, vote: live(vote, 9) });
    expect(o.vote).toMatchObject({ voteKey: 'v1', resultVisible: true, live: true });
  });

  it('a revealed vote leaves when its window ends, and every vote and discussion when the room ends (issue 9)', () => {
    const vote = timeline[5];
    if (!vote) throw new Error('fixture');
    const revealed = { ...none, vote: live(vote, 9, true) };
    expect(selectOverlays(timeline, 45, revealed).vote).toMatchObject({ resultVisible: true });
    expect(selectOverlays(timeline, 49, revealed).vote).toBeNull();
    expect(selectOverlays(timeline, 45, revealed, true).vote).toBeNull();
    expect(selectOverlays(timeline, 45, none, true).vote).toBeNull();
  });

  it('shows a vote in the viewer’s words but keeps the choices a ballot names (issue 9)', () => {
    const english = timeline.map((x) =>
      x.action === 'vote' ? { ...x, params: { ...x.params, labels: ['Ay', 'Bee'] } } : x,
    );
    expect(selectOverlays(english, 40, none).vote).toMatchObject({
      choices: ['A', 'B'],
      labels: ['Ay', 'Bee'],
    });
    expect(selectOverlays(timeline, 40, none).vote?.labels).toEqual(['A', 'B']);
  });

  it('shows a vote or discussion the host pushed in the viewer’s language (issue 9)', () => {
    const viewer = timeline.map((x) =>
      x.action === 'vote'
        ? { ...x, params: { ...x.params, name: 'Choose', labels: ['Ay', 'Bee'] } }
        : x.action === 'discuss'
          ? { ...x, params: { ...x.params, name: 'Discuss' } }
          : x,
    );
    const hostVote = a({
      start: 34,
      end: 48,
      action: 'vote',
      params: { name: 'えらぼう', discussId: 'v1', choices: ['A', 'B'] },
    });
    const hostTalk = a({
      start: 24,
      end: 38,
      action: 'discuss',
      params: { name: '話そう', discussId: 'd1' },
    });
    const o = selectOverlays(viewer, 35, {
      ...none,
      vote: live(hostVote, 3),
      discuss: live(hostTalk, 2),
    });
    expect(o.vote).toMatchObject({ live: true, choices: ['A', 'B'], labels: ['Ay', 'Bee'] });
    expect(o.vote?.action.params.name).toBe('Choose');
    expect(o.discuss?.action.params.name).toBe('Discuss');
  });
});
