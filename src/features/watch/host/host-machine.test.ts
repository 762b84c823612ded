import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CommandResult, HostIntent } from '@/engine';
import { hostMachine } from './host-machine';

const OK = { ok: true } as unknown as CommandResult;

/** A host whose room answers each command when the test says so (`answer`), or at once. */
const start = (playing: boolean, { manual = false } = {}) => {
  const sent: HostIntent[] = [];
  const waiting: Array<(r: CommandResult) => void> = [];
  const actor = createActor(
    hostMachine.provide({
      actors: {
        command: fromPromise<CommandResult, HostIntent>(({ input }) => {
          sent.push(input);
          return manual ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(OK);
        }),
      },
      guards: { roomPlaying: () => playing },
    }),
  ).start();
  const answer = async (result: CommandResult = OK) => {
    waiting.shift()?.(result);
    await new Promise((r) => setTimeout(r, 0));
  };
  const idle = () => waitFor(actor, (s) => s.matches({ commands: 'idle' }));
  return { actor, sent, answer, idle };
};

describe('host machine', () => {
  it('toggles to pause while the room plays and to play while it is paused', async () => {
    const a = start(true);
    a.actor.send({ type: 'playback.toggle' });
    const b = start(false);
    b.actor.send({ type: 'playback.toggle' });
    await Promise.all([a.idle(), b.idle()]);
    expect(a.sent).toEqual([{ type: 'pause' }]);
    expect(b.sent).toEqual([{ type: 'play' }]);
  });

  it('replays from the start at the end of the video in one command (issue 24)', async () => {
    const { actor, sent, idle } = start(true);
    actor.send({ type: 'playback.replay' });
    await idle();
    expect(sent).toEqual([{ type: 'play', from: 0 }]);
  });

  it('sends one command at a time, each after the answer to the one before', async () => {
    const { actor, sent, answer } = start(true, { manual: true });
    actor.send({ type: 'playback.skip', by: -10 });
    actor.send({ type: 'playback.seek', to: -3 });
    actor.send({ type: 'playback.rate', rate: 1.5 });
    expect(actor.getSnapshot().matches({ commands: 'sending' })).toBe(true);
    expect(sent).toEqual([{ type: 'skipBy', by: -10 }]);
    await answer();
    expect(sent.at(-1)).toEqual({ type: 'skip', to: 0 });
    await answer();
    expect(sent.at(-1)).toEqual({ type: 'rateChange', rate: 1.5 });
    await answer();
    expect(actor.getSnapshot().matches({ commands: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('adds up skips pressed while one is on its way into one pending skip', async () => {
    const { actor, sent, answer } = start(true, { manual: true });
    for (let i = 0; i < 4; i += 1) actor.send({ type: 'playback.skip', by: 10 });
    expect(actor.getSnapshot().context.queue).toEqual([
      { type: 'skipBy', by: 10 },
      { type: 'skipBy', by: 30 },
    ]);
    await answer();
    await answer();
    expect(sent).toEqual([
      { type: 'skipBy', by: 10 },
      { type: 'skipBy', by: 30 },
    ]);
  });

  it('toggles against what the host last asked for while a play is on its way', async () => {
    const { actor, sent, answer } = start(false, { manual: true });
    actor.send({ type: 'playback.toggle' });
    actor.send({ type: 'playback.toggle' });
    await answer();
    await answer();
    expect(sent).toEqual([{ type: 'play' }, { type: 'pause' }]);
  });

  it('ends the room only after confirmation, sending nothing while it is asked', async () => {
    const { actor, sent, idle } = start(true);
    actor.send({ type: 'room.terminate' });
    expect(actor.getSnapshot().matches({ terminate: 'confirming' })).toBe(true);
    actor.send({ type: 'playback.pause' });
    actor.send({ type: 'terminate.cancel' });
    expect(sent).toEqual([]);
    actor.send({ type: 'room.terminate' });
    actor.send({ type: 'terminate.confirm' });
    await idle();
    expect(sent).toEqual([{ type: 'terminate' }]);
    expect(actor.getSnapshot().matches({ terminate: 'closed' })).toBe(true);
  });

  it('keeps the last refusal until dismissed, and goes on with what was pressed after it', async () => {
    const { actor, sent, answer } = start(false, { manual: true });
    actor.send({ type: 'playback.play' });
    actor.send({ type: 'playback.rate', rate: 2 });
    await answer({ ok: false, code: 'forbidden', message: 'not the host' });
    expect(actor.getSnapshot().context.error).toBe('forbidden');
    expect(sent).toEqual([{ type: 'play' }, { type: 'rateChange', rate: 2 }]);
    await answer();
    expect(actor.getSnapshot().context.error).toBe('forbidden');
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('pushes a live action with its reveal flag', async () => {
    const { actor, sent, idle } = start(true);
    const timedAction = { start: 1, action: 'vote' as const, params: { name: 'Poll' } };
    actor.send({ type: 'action.push', kind: 'vote', timedAction, active: true, showResult: true });
    await idle();
    expect(sent).toEqual([{ type: 'vote', timedAction, active: true, showResult: true }]);
  });
});
