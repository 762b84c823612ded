import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '@/features/auth';
import { tokenStorage } from '@/lib/storage';
import { createQueryClient } from './query-client';
import { loginLoader, requireToken } from './router';

const args = (url: string) => ({ request: new Request(url) }) as LoaderFunctionArgs;
const me = { id: 'u1' };

describe('requireToken (the signed-in area’s loader)', () => {
  afterEach(() => tokenStorage.clear());

  it('sends a visitor without a token to login, remembering where they were going', () => {
    const loader = requireToken(createQueryClient());
    const answer = loader(args('http://app.test/mypage?tab=outputs')) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/login?redirect=%2Fmypage%3Ftab%3Doutputs');
    expect((loader(args('http://app.test/')) as Response).headers.get('Location')).toBe('/login');
  });

  it('starts /v1/me when nothing is cached', () => {
    tokenStorage.setTokens({ token: 't' });
    const queryClient = createQueryClient();
    expect(requireToken(queryClient)(args('http://app.test/'))).toBeNull();
    expect(queryClient.getQueryState(meQueryKey)?.fetchStatus).toBe('fetching');
    void queryClient.cancelQueries();
  });

  it('does not read /v1/me again when the loader re-runs over a stale answer (search params changed)', () => {
    tokenStorage.setTokens({ token: 't' });
    const queryClient = createQueryClient();
    queryClient.setQueryData(meQueryKey, me, { updatedAt: Date.now() - 10 * 60_000 });
    requireToken(queryClient)(args('http://app.test/?tab=2'));
    expect(queryClient.getQueryState(meQueryKey)?.fetchStatus).toBe('idle');
    expect(queryClient.getQueryData(meQueryKey)).toBe(me);
  });
});

describe('loginLoader (/login and /login/v2)', () => {
  afterEach(() => tokenStorage.clear());
  const providersKey = ['oauth', 'providers'];

  it('starts the providers read before the page renders', async () => {
    const queryClient = createQueryClient();
    expect(await loginLoader(queryClient)()).toBeNull();
    expect(queryClient.getQueryState(providersKey)?.fetchStatus).toBe('fetching');
    void queryClient.cancelQueries();
  });

  it('sends a user who holds a token home, reading nothing', async () => {
    tokenStorage.setTokens({ token: 't' });
    const queryClient = createQueryClient();
    const answer = (await loginLoader(queryClient)()) as Response;
    expect(answer.headers.get('Location')).toBe('/');
    expect(queryClient.getQueryState(providersKey)).toBeUndefined();
  });
});
