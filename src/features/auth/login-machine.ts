import { assign, fromPromise, setup } from 'xstate';
import type { AuthTokens } from '@/contracts/api/auth';
import { TERMS_AGREEMENT_VERSION } from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { isApiError, isWaitStatus } from '@/lib/api-errors';
import { followUpErrorKey, loginErrorKey, type LoginErrorKey } from './login-errors';

/** The longest wait the form sits out by itself before trying again; longer ones stay an error. */
const MAX_AUTO_RETRY_S = 60;

/**
 * The Retry-After of a login 429 (too many attempts) or 503 (the server is shedding load), when
 * the form should wait and try again by itself.
 */
const retryAfterOf = (error: unknown): number | null =>
  isApiError(error) &&
  isWaitStatus(error.status) &&
  error.retryAfterS !== null &&
  error.retryAfterS <= MAX_AUTO_RETRY_S
    ? error.retryAfterS
    : null;

type LoginField = 'username' | 'password';

export interface LoginContext {
  username: string;
  password: string;
  error: LoginErrorKey | null;
  /** Where to go after a successful login (the `redirect` query, already checked). */
  destination: string;
  /** The signed-in user's _id, kept for the terms update. */
  userId: string | null;
  /** While the server asks to wait (429 or 503 Retry-After): the seconds, shown in the message. */
  retryAfterS: number | null;
}

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'login.submit' }
  /** A token handed over by the session site through a cross-window message. */
  | { type: 'token.receive'; token: string; refreshToken?: string }
  /** A Google or Microsoft popup came back without a token (unlinked, suspended, …). */
  | { type: 'login.fail'; error: LoginErrorKey }
  | { type: 'terms.agree' }
  | { type: 'terms.decline' };

const isBlank = (value: string): boolean => value.trim() === '';
export const canSubmit = (context: Pick<LoginContext, 'username' | 'password'>): boolean =>
  !isBlank(context.username) && !isBlank(context.password);

/**
 * The login flow of the spec's Login state section. Effects are only named here (the API calls,
 * token storage, navigation and the snackbar); the page supplies them with `.provide()`.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { destination: string },
  },
  actors: {
    login: fromPromise<AuthTokens, { username: string; password: string }>(async () => {
      throw new Error('login effect not provided');
    }),
    fetchMe: fromPromise<Me>(async () => {
      throw new Error('fetchMe effect not provided');
    }),
    agreeTerms: fromPromise<unknown, { userId: string }>(async () => {
      throw new Error('agreeTerms effect not provided');
    }),
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { ...context, [event.field]: event.value } : context,
    ),
    storeTokens: (_, _params: { token: string; refreshToken?: string }) => {},
    clearTokens: () => {},
    redirect: (_, _params: { destination: string }) => {},
    notifyTermsCancelled: () => {},
  },
  guards: {
    changedToBlank: ({ event }) => event.type === 'field.change' && isBlank(event.value),
    canSubmit: ({ context }) => canSubmit(context),
    termsAgreed: (_, params: { me: Me }) =>
      params.me.termsAgreementVersion >= TERMS_AGREEMENT_VERSION,
    mustWait: ({ event }) => retryAfterOf((event as { error?: unknown }).error) !== null,
  },
  delays: {
    retryAfter: ({ context }) => (context.retryAfterS ?? 1) * 1000,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    username: '',
    password: '',
    error: null,
    destination: input.destination,
    userId: null,
    retryAfterS: null,
  }),
  initial: 'idle',
  on: {
    // Typing is allowed in every state; the form disables the inputs while a request runs.
    'field.change': { actions: 'setField' },
  },
  states: {
    idle: {
      on: {
        'login.submit': { guard: 'canSubmit', target: 'submitting' },
        'token.receive': {
          target: 'checkingTerms',
          actions: {
            type: 'storeTokens',
            params: ({ event }) => ({
              token: event.token,
              ...(event.refreshToken ? { refreshToken: event.refreshToken } : {}),
            }),
          },
        },
        'login.fail': { target: 'error', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    error: {
      on: {
        'field.change': [
          // The message clears as soon as either field becomes blank.
          {
            guard: 'changedToBlank',
            target: 'idle',
            actions: ['setField', assign({ error: null })],
          },
          { actions: 'setField' },
        ],
        'login.submit': { guard: 'canSubmit', target: 'submitting' },
        'token.receive': {
          target: 'checkingTerms',
          actions: {
            type: 'storeTokens',
            params: ({ event }) => ({
              token: event.token,
              ...(event.refreshToken ? { refreshToken: event.refreshToken } : {}),
            }),
          },
        },
        'login.fail': { target: 'error', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'login',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password }),
        onDone: {
          target: 'checkingTerms',
          actions: { type: 'storeTokens', params: ({ event }) => event.output },
        },
        onError: [
          {
            // Too many failed logins, or a server too busy to answer: show the wait, then send
            // the same credentials again.
            guard: 'mustWait',
            target: 'waiting',
            actions: assign({
              error: ({ event }) =>
                isApiError(event.error) && event.error.status === 503
                  ? ('busy' as const)
                  : ('rateLimited' as const),
              retryAfterS: ({ event }) => retryAfterOf(event.error),
            }),
          },
          {
            target: 'error',
            actions: assign({ error: ({ event }) => loginErrorKey(event.error) }),
          },
        ],
      },
    },
    waiting: {
      after: { retryAfter: { target: 'submitting', actions: assign({ retryAfterS: null }) } },
      on: {
        // Changing the credentials stops the automatic retry; the user submits again.
        'field.change': {
          target: 'error',
          actions: ['setField', assign({ retryAfterS: null })],
        },
      },
    },
    checkingTerms: {
      invoke: {
        src: 'fetchMe',
        onDone: [
          {
            guard: { type: 'termsAgreed', params: ({ event }) => ({ me: event.output }) },
            target: 'done',
          },
          { target: 'termsDialog', actions: assign({ userId: ({ event }) => event.output._id }) },
        ],
        onError: {
          target: 'error',
          actions: ['clearTokens', assign({ error: ({ event }) => followUpErrorKey(event.error) })],
        },
      },
    },
    termsDialog: {
      on: {
        'terms.agree': { target: 'agreeingTerms' },
        'terms.decline': {
          target: 'idle',
          actions: [
            'clearTokens',
            'notifyTermsCancelled',
            assign({ username: '', password: '', error: null, userId: null }),
          ],
        },
      },
    },
    agreeingTerms: {
      invoke: {
        src: 'agreeTerms',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: { target: 'done' },
        onError: {
          target: 'error',
          actions: ['clearTokens', assign({ error: ({ event }) => followUpErrorKey(event.error) })],
        },
      },
    },
    done: {
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ destination: context.destination }) },
    },
  },
});
