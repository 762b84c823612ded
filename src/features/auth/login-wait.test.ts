import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { AuthTokens } from '@/contracts/api/auth';
import type { Me } from '@/contracts/user-entities';
import { ApiError } from '@/lib/api-errors';
import { loginMachine } from './login-machine';

// Issue 8: a 429 on login shows the wait and tries again by itself after Retry-After.
function start(answers: Array<() => Promise<AuthTokens>>) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        calls.push(input.password);
        return answers.shift()!();
      }),
      fetchMe: fromPromise(async () => ({ termsAgreementVersion: 1 }) as Me),
    },
  });
  const actor = createActor(machine, { input: { destination: '/' }, clock }).start();
  actor.send({ type: 'field.change', field: 'username', value: 'teacher' });
  actor.send({ type: 'field.change', field: 'password', value: 'tomoni-teacher' });
  return { actor, clock, calls };
}

const delayed = (s: number) => () =>
  Promise.reject(new ApiError(429, 'tooManyRequests', 'slow', [], s));
const ok = () => Promise.resolve({ token: 't', refreshToken: 'r' });

describe('login 429', () => {
  it('waits Retry-After seconds showing them, then sends the same credentials again', async () => {
    const { actor, clock, calls } = start([delayed(4), ok]);
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'rateLimited', retryAfterS: 4 });
    clock.increment(3999);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(calls).toHaveLength(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual(['tomoni-teacher', 'tomoni-teacher']);
  });

  it('stops waiting when the user edits a field', async () => {
    const { actor, clock, calls } = start([delayed(4)]);
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'field.change', field: 'password', value: 'other' });
    clock.increment(10_000);
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('a 503 from a server shedding load at the bell says it is busy, waits and tries again (issue 30)', async () => {
    const busy = () => Promise.reject(new ApiError(503, 'serverBusy', 'busy', [], 2));
    const { actor, clock, calls } = start([busy, ok]);
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'busy', retryAfterS: 2 });
    clock.increment(2000);
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toHaveLength(2);
  });

  it('a 429 without a usable Retry-After stays a plain message', async () => {
    const { actor } = start([() => Promise.reject(new ApiError(429, 'tooManyRequests', 'x'))]);
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('rateLimited');
  });
});
