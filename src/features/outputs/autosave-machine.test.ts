import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { autosaveMachine } from './autosave-machine';

function start(options: { save?: () => Promise<void>; shouldSave?: () => boolean } = {}) {
  const clock = new SimulatedClock();
  const save = vi.fn(options.save ?? (() => Promise.resolve()));
  const actor = createActor(
    autosaveMachine.provide({
      actors: { saveDraft: fromPromise(() => save()) },
      guards: { shouldSave: options.shouldSave ?? (() => true) },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, save };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('autosaveMachine', () => {
  it('none → autosaving after 4 s → autosaved → none after 4 more s', async () => {
    let finish: () => void = () => {};
    const { actor, clock, save } = start({ save: () => new Promise<void>((r) => (finish = r)) });
    expect(actor.getSnapshot().value).toBe('none');
    clock.increment(3999);
    expect(actor.getSnapshot().value).toBe('none');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('autosaving');
    expect(save).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(actor, (s) => s.matches('autosaved'));
    clock.increment(3999);
    expect(actor.getSnapshot().value).toBe('autosaved');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('none');
  });

  it('stays none and does not save while there is nothing to save, then saves on the next tick', () => {
    let changed = false;
    const { actor, clock, save } = start({ shouldSave: () => changed });
    clock.increment(4000);
    clock.increment(4000);
    expect(actor.getSnapshot().value).toBe('none');
    expect(save).not.toHaveBeenCalled();
    changed = true;
    clock.increment(4000);
    expect(actor.getSnapshot().value).toBe('autosaving');
  });

  it('shows failed and retries on the next tick until a save succeeds', async () => {
    const save = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    const { actor, clock } = start({ save });
    clock.increment(4000);
    await waitFor(actor, (s) => s.matches('failed'));
    clock.increment(3999);
    expect(actor.getSnapshot().value).toBe('failed');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('autosaving');
    await waitFor(actor, (s) => s.matches('autosaved'));
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('does not tick while paused (submitting) and starts over on resume', async () => {
    const { actor, clock, save } = start();
    clock.increment(2000);
    actor.send({ type: 'autosave.pause' });
    clock.increment(10_000);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(save).not.toHaveBeenCalled();
    actor.send({ type: 'autosave.resume' });
    clock.increment(3999);
    expect(actor.getSnapshot().value).toBe('none');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('autosaving');
    await flush();
  });
});
