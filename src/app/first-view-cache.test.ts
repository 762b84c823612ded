import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createTokenStorage } from '@/lib/storage';
import { FIRST_VIEW_KEY, FIRST_VIEW_MAX_AGE_MS, restoreFirstView } from './first-view-cache';
import { keepFirstView } from './first-view-keep';

const BUILD = 'build-a';
const signedIn = (refreshToken = 'refresh-1') => {
  const tokens = createTokenStorage(createMemoryStorage());
  tokens.setTokens({ token: 'access', refreshToken });
  return tokens;
};

/** A visit: reads answered in the query client while the copy is being kept. */
async function visit(
  storage: ReturnType<typeof createMemoryStorage>,
  tokens: ReturnType<typeof signedIn>,
) {
  const client = new QueryClient();
  const stop = keepFirstView(client, { tokens, storage, build: BUILD });
  await client.fetchQuery({ queryKey: ['me'], queryFn: () => ({ _id: 'u1', name: 'Aoi' }) });
  await client.fetchQuery({ queryKey: ['sessions', 'live'], queryFn: () => [{ id: 's1' }] });
  // A feed with pupils' words is never kept.
  await client.fetchQuery({
    queryKey: ['me', 'activities', 'toMe'],
    queryFn: () => [{ text: 'へたくそ' }],
  });
  await vi.advanceTimersByTimeAsync(1500);
  stop();
  return client;
}

describe('the first view kept for the next visit (issue 29)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws the own record and session lists at once on the next visit, and asks for them again', async () => {
    const storage = createMemoryStorage();
    const tokens = signedIn();
    await visit(storage, tokens);

    const next = new QueryClient();
    expect(restoreFirstView(next, { tokens, storage, build: BUILD })).toBe(true);
    expect(next.getQueryData(['me'])).toEqual({ _id: 'u1', name: 'Aoi' });
    expect(next.getQueryData(['sessions', 'live'])).toEqual([{ id: 's1' }]);
    expect(next.getQueryData(['me', 'activities', 'toMe'])).toBeUndefined();
    // However recent the copy, the page reads the lists again as soon as it uses them.
    const fetched = vi.fn(() => [{ id: 's2' }]);
    await next.prefetchQuery({
      queryKey: ['sessions', 'live'],
      queryFn: fetched,
      staleTime: 60_000,
    });
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(next.getQueryData(['sessions', 'live'])).toEqual([{ id: 's2' }]);
  });

  it('is not drawn for another sign-in, a signed-out page, another build or a day-old copy', async () => {
    const storage = createMemoryStorage();
    await visit(storage, signedIn('refresh-1'));
    const raw = storage.getItem(FIRST_VIEW_KEY);
    expect(raw).not.toBeNull();

    expect(
      restoreFirstView(new QueryClient(), { tokens: signedIn('refresh-2'), storage, build: BUILD }),
    ).toBe(false);
    expect(storage.getItem(FIRST_VIEW_KEY)).toBeNull();

    storage.setItem(FIRST_VIEW_KEY, raw!);
    expect(
      restoreFirstView(new QueryClient(), { tokens: signedIn(), storage, build: 'build-b' }),
    ).toBe(false);

    storage.setItem(FIRST_VIEW_KEY, raw!);
    const later = Date.now() + FIRST_VIEW_MAX_AGE_MS + 1;
    expect(
      restoreFirstView(new QueryClient(), {
        tokens: signedIn(),
        storage,
        build: BUILD,
        now: () => later,
      }),
    ).toBe(false);

    storage.setItem(FIRST_VIEW_KEY, raw!);
    const out = createTokenStorage(createMemoryStorage());
    expect(restoreFirstView(new QueryClient(), { tokens: out, storage, build: BUILD })).toBe(false);
    expect(storage.getItem(FIRST_VIEW_KEY)).toBeNull();

    storage.setItem(FIRST_VIEW_KEY, '{not json');
    expect(restoreFirstView(new QueryClient(), { tokens: signedIn(), storage, build: BUILD })).toBe(
      false,
    );
    expect(storage.getItem(FIRST_VIEW_KEY)).toBeNull();
  });

  it('is dropped the moment the sign-in ends, and a pending save does not bring it back', async () => {
    const storage = createMemoryStorage();
    const tokens = signedIn();
    await visit(storage, tokens);
    const client = new QueryClient();
    keepFirstView(client, { tokens, storage, build: BUILD });
    await client.fetchQuery({ queryKey: ['me'], queryFn: () => ({ _id: 'u1' }) });
    tokens.clear();
    expect(storage.getItem(FIRST_VIEW_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(1500);
    expect(storage.getItem(FIRST_VIEW_KEY)).toBeNull();
  });
});
