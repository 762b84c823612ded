import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@/lib/api-errors';
import { joinMachine } from './join-machine';

const run = (join: () => Promise<number>) => {
  let started = 0;
  const actor = createActor(
    joinMachine.provide({
      actors: { join: fromPromise(join) },
      actions: { startPlayback: () => void started++ },
    }),
  ).start();
  return { actor, started: () => started };
};

describe('join machine', () => {
  it('starts playback only after the join succeeded', async () => {
    const { actor, started } = run(() => Promise.resolve(123));
    expect(started()).toBe(0);
    actor.send({ type: 'join.tap' });
    await waitFor(actor, (s) => s.matches('watching'));
    expect(started()).toBe(1);
    expect(actor.getSnapshot().context.joinedAt).toBe(123);
  });

  it('stops at a full room without playing', async () => {
    const { actor, started } = run(() =>
      Promise.reject(new ApiError(409, 'participantLimit', 'full')),
    );
    actor.send({ type: 'join.tap' });
    await waitFor(actor, (s) => s.matches('full'));
    expect(started()).toBe(0);
  });

  it('lets another tap retry after a network failure', async () => {
    let calls = 0;
    const { actor } = run(() =>
      ++calls === 1 ? Promise.reject(new ApiError(0, 'network', 'down')) : Promise.resolve(1),
    );
    actor.send({ type: 'join.tap' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'join.tap' });
    await waitFor(actor, (s) => s.matches('watching'));
    expect(calls).toBe(2);
  });
});
