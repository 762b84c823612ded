import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { hostMachine, type HostRequest } from './host-machine';

const start = (playing: boolean) => {
  const sent: HostRequest[] = [];
  const actor = createActor(
    hostMachine.provide({
      actions: { sendIntent: (_, { request }) => void sent.push(request) },
      guards: { roomPlaying: () => playing },
    }),
  ).start();
  return { actor, sent };
};

describe('host machine', () => {
  it('toggles to pause while the room plays and to play while it is paused', () => {
    const a = start(true);
    a.actor.send({ type: 'playback.toggle' });
    const b = start(false);
    b.actor.send({ type: 'playback.toggle' });
    expect(a.sent).toEqual([{ type: 'pause' }]);
    expect(b.sent).toEqual([{ type: 'play' }]);
  });

  it('replays from the start at the end of the video in one command (issue 24)', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'playback.replay' });
    expect(sent).toEqual([{ type: 'play', from: 0 }]);
  });

  it('sends skips, seeks and speeds as intents', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'playback.skip', by: -10 });
    actor.send({ type: 'playback.seek', to: -3 });
    actor.send({ type: 'playback.rate', rate: 1.5 });
    expect(sent).toEqual([
      { type: 'skipBy', by: -10 },
      { type: 'skip', to: 0 },
      { type: 'rateChange', rate: 1.5 },
    ]);
  });

  it('ends the room only after confirmation', () => {
    const { actor, sent } = start(true);
    actor.send({ type: 'room.terminate' });
    expect(actor.getSnapshot().value).toBe('confirmingTerminate');
    actor.send({ type: 'playback.pause' });
    actor.send({ type: 'terminate.cancel' });
    expect(sent).toEqual([]);
    actor.send({ type: 'room.terminate' });
    actor.send({ type: 'terminate.confirm' });
    expect(sent).toEqual([{ type: 'terminate' }]);
    expect(actor.getSnapshot().value).toBe('controlling');
  });

  it('keeps the last refusal until dismissed', () => {
    const { actor } = start(false);
    actor.send({ type: 'command.failed', code: 'forbidden' });
    expect(actor.getSnapshot().context.error).toBe('forbidden');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('pushes a live action with its reveal flag', () => {
    const { actor, sent } = start(true);
    const timedAction = { start: 1, action: 'vote' as const, params: { name: 'Poll' } };
    actor.send({ type: 'action.push', kind: 'vote', timedAction, active: true, showResult: true });
    expect(sent).toEqual([{ type: 'vote', timedAction, active: true, showResult: true }]);
  });
});
