import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthTokens } from '@/contracts/api/auth';
import type { Me } from '@/contracts/user-entities';
import { ApiError } from '@/lib/api-errors';
import { loginMachine } from './login-machine';

const me = (termsAgreementVersion: number): Me => ({
  _id: 'u1',
  id: 'student01',
  displayName: 'Aoi',
  image: null,
  role: 'member',
  school: null,
  name: 'Aoi Sato',
  studentNumber: null,
  groups: [],
  lang: 'ja',
  location: { country: { code: 'JP' }, state: null },
  prefecture: null,
  readNotificationAt: null,
  cookie: null,
  termsAgreementVersion,
  profileUpdatedAt: null,
  violationStatuses: [],
  isPasswordUnconfirmed: false,
  isGuest: false,
  birthYear: null,
});

interface Effects {
  login?: (input: { username: string; password: string }) => Promise<AuthTokens>;
  fetchMe?: () => Promise<Me>;
  agreeTerms?: (input: { userId: string }) => Promise<unknown>;
}

/** Starts the machine with its effects provided as plain functions; records what they did. */
function start(effects: Effects = {}, destination = '/session/s1') {
  const log = {
    stored: [] as Array<{ token: string; refreshToken?: string }>,
    cleared: 0,
    redirects: [] as string[],
    cancelledNotices: 0,
    loginCalls: [] as Array<{ username: string; password: string }>,
    agreed: [] as string[],
  };
  const login = effects.login ?? (async () => ({ token: 't', refreshToken: 'r' }));
  const machine = loginMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        log.loginCalls.push(input);
        return login(input);
      }),
      fetchMe: fromPromise(async () => (effects.fetchMe ?? (async () => me(1)))()),
      agreeTerms: fromPromise(async ({ input }) => {
        log.agreed.push(input.userId);
        return (effects.agreeTerms ?? (async () => me(1)))(input);
      }),
    },
    actions: {
      storeTokens: (_, params) => void log.stored.push(params),
      clearTokens: () => void (log.cleared += 1),
      redirect: (_, params) => void log.redirects.push(params.destination),
      notifyTermsCancelled: () => void (log.cancelledNotices += 1),
    },
  });
  const actor = createActor(machine, { input: { destination } }).start();
  const type = (username: string, password: string) => {
    actor.send({ type: 'field.change', field: 'username', value: username });
    actor.send({ type: 'field.change', field: 'password', value: password });
  };
  return { actor, log, type };
}

type LoginState =
  'idle' | 'error' | 'submitting' | 'checkingTerms' | 'termsDialog' | 'agreeingTerms' | 'done';
const settle = (actor: ReturnType<typeof start>['actor'], state: LoginState) =>
  waitFor(actor, (s) => s.matches(state), { timeout: 1000 });

describe('login machine', () => {
  it('does not submit while a field is blank after trimming', () => {
    const { actor, log, type } = start();
    type('   ', 'secret');
    actor.send({ type: 'login.submit' });
    type('student01', ' \t ');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log.loginCalls).toEqual([]);
  });

  it('logs in with the trimmed account name, stores tokens and goes to the destination', async () => {
    const { actor, log, type } = start();
    type('  student01 ', 'pass word');
    actor.send({ type: 'login.submit' });
    await settle(actor, 'done');
    expect(log.loginCalls).toEqual([{ username: 'student01', password: 'pass word' }]);
    expect(log.stored).toEqual([{ token: 't', refreshToken: 'r' }]);
    expect(log.redirects).toEqual(['/session/s1']);
  });

  it.each([
    [new ApiError(401, 'invalidAccountOrPassword', 'x'), 'invalidAccountOrPassword'],
    [new ApiError(403, 'suspended', 'Teacher account suspended'), 'suspendedTeacher'],
    [new ApiError(403, 'suspended', 'Account suspended'), 'suspendedMember'],
    [new ApiError(400, 'badRequest', 'x'), 'unknown'],
    [new ApiError(500, 'internal', 'x'), 'unknown'],
    [new ApiError(429, 'tooManyRequests', 'x'), 'rateLimited'],
    [new ApiError(503, 'serverBusy', 'x'), 'busy'],
    [new ApiError(0, 'network', 'x'), 'weakNetwork'],
    [new ApiError(502, 'unknown', 'x'), 'weakNetwork'],
  ])('maps a login failure %# to login.error.%s', async (failure, key) => {
    const { actor, log, type } = start({ login: () => Promise.reject(failure) });
    type('student01', 'wrong');
    actor.send({ type: 'login.submit' });
    await settle(actor, 'error');
    expect(actor.getSnapshot().context.error).toBe(key);
    expect(log.stored).toEqual([]);
  });

  it('keeps the message while typing, and clears it when a field becomes blank', async () => {
    const { actor, type } = start({
      login: () => Promise.reject(new ApiError(401, 'invalidAccountOrPassword', 'x')),
    });
    type('student01', 'wrong');
    actor.send({ type: 'login.submit' });
    await settle(actor, 'error');
    actor.send({ type: 'field.change', field: 'password', value: 'wrong2' });
    expect(actor.getSnapshot().context.error).toBe('invalidAccountOrPassword');
    actor.send({ type: 'field.change', field: 'username', value: '  ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('asks for terms when the agreed version is below 1; yes records version 1 and redirects', async () => {
    const { actor, log, type } = start({ fetchMe: async () => me(0) });
    type('student01', 'pw');
    actor.send({ type: 'login.submit' });
    await settle(actor, 'termsDialog');
    expect(log.redirects).toEqual([]);
    actor.send({ type: 'terms.agree' });
    await settle(actor, 'done');
    expect(log.agreed).toEqual(['u1']);
    expect(log.redirects).toEqual(['/session/s1']);
  });

  it('declining the terms clears token and fields, shows the notice and stays on login', async () => {
    const { actor, log, type } = start({ fetchMe: async () => me(0) });
    type('student01', 'pw');
    actor.send({ type: 'login.submit' });
    await settle(actor, 'termsDialog');
    actor.send({ type: 'terms.decline' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context).toMatchObject({ username: '', password: '', error: null });
    expect(log.cleared).toBe(1);
    expect(log.cancelledNotices).toBe(1);
    expect(log.redirects).toEqual([]);
  });

  it('clears the stored token when loading the user fails after login', async () => {
    const { actor, log, type } = start({
      fetchMe: () => Promise.reject(new ApiError(0, 'network', 'offline')),
    });
    type('student01', 'pw');
    actor.send({ type: 'login.submit' });
    await settle(actor, 'error');
    expect(actor.getSnapshot().context.error).toBe('weakNetwork');
    expect(log.cleared).toBe(1);
  });

  it('accepts a token handed over by the session site and checks the terms', async () => {
    const fetchMe = vi.fn(async () => me(2));
    const { actor, log } = start({ fetchMe });
    actor.send({ type: 'token.receive', token: 'from-session-site' });
    await settle(actor, 'done');
    expect(log.stored).toEqual([{ token: 'from-session-site' }]);
    expect(fetchMe).toHaveBeenCalledTimes(1);
    expect(log.loginCalls).toEqual([]);
  });

  it('shows a provider failure, which clears when a field becomes blank', async () => {
    const { actor, log, type } = start();
    type('student01', 'secret');
    actor.send({ type: 'login.fail', error: 'googleUnlinked' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('googleUnlinked');
    expect(log.stored).toEqual([]);
    type('', 'secret');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('continues from a failed provider attempt when the next popup brings a token', async () => {
    const { actor, log } = start();
    actor.send({ type: 'login.fail', error: 'microsoftUnlinked' });
    actor.send({ type: 'token.receive', token: 'from-google', refreshToken: 'r' });
    await settle(actor, 'done');
    expect(log.stored).toEqual([{ token: 'from-google', refreshToken: 'r' }]);
    expect(log.redirects).toEqual(['/session/s1']);
  });
});
