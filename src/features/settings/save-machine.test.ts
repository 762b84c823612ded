import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { saveMachine } from './save-machine';

function start(save: () => Promise<void>) {
  const clock = new SimulatedClock();
  const log = { success: 0, failures: [] as unknown[], reloads: 0 };
  const actor = createActor(
    saveMachine.provide({
      actors: { save: fromPromise(save) },
      actions: {
        notifySuccess: () => void log.success++,
        notifyFailure: (_, params) => void log.failures.push(params.error),
        reload: () => void log.reloads++,
      },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, log };
}

describe('saveMachine', () => {
  it('shows success and reloads exactly 1 s later', async () => {
    const { actor, clock, log } = start(async () => undefined);
    actor.send({ type: 'save.submit' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('success'));
    expect(log.success).toBe(1);
    clock.increment(999);
    expect(log.reloads).toBe(0);
    clock.increment(1);
    expect(log.reloads).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('reports a failure with the error, keeps it until the form is edited, and can save again', async () => {
    const error = new Error('refused');
    const save = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(error)
      .mockResolvedValue(undefined);
    const { actor, log } = start(save);
    actor.send({ type: 'save.submit' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(log.failures).toEqual([error]);
    expect(actor.getSnapshot().context.error).toBe(error);
    actor.send({ type: 'form.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'save.submit' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(save).toHaveBeenCalledTimes(2);
    expect(log.reloads).toBe(0);
  });

  it('ignores a second submit while saving', async () => {
    let finish: () => void = () => {};
    const save = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { actor } = start(save);
    actor.send({ type: 'save.submit' });
    actor.send({ type: 'save.submit' });
    finish();
    await waitFor(actor, (s) => s.matches('success'));
    expect(save).toHaveBeenCalledTimes(1);
  });
});
