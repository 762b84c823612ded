import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { tokenStorage } from '@/lib/storage';
import {
  FIRST_VIEW_KEY,
  THIS_BUILD,
  browserStorage,
  kept,
  ownerOf,
  type Options,
  type Snapshot,
} from './first-view-cache';

/** Writes wait this long after the last answer, so a burst of reads is saved once. */
const SAVE_DELAY_MS = 1000;

/**
 * Saves the kept reads (first-view-cache.ts) after each successful answer, debounced, and drops
 * the copy whenever the page holds no sign-in. A chunk of its own, loaded after the first render:
 * saving is not part of a first load. Returns the function that stops both.
 */
export function keepFirstView(
  queryClient: QueryClient,
  {
    tokens = tokenStorage,
    storage = browserStorage(),
    build = THIS_BUILD,
    now = Date.now,
  }: Options = {},
): () => void {
  if (!storage) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const forget = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    try {
      storage.removeItem(FIRST_VIEW_KEY);
    } catch {
      // Storage refused: there is nothing kept to drop.
    }
  };
  const save = () => {
    timer = undefined;
    const owner = ownerOf(tokens);
    if (owner === null) return forget();
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && kept(q.queryKey),
      shouldDehydrateMutation: () => false,
    });
    const snapshot: Snapshot = { build, owner, savedAt: now(), state };
    try {
      storage.setItem(FIRST_VIEW_KEY, JSON.stringify(snapshot));
    } catch {
      // Quota or private mode: the next visit reads from the network as before.
    }
  };
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      kept(event.query.queryKey) &&
      timer === undefined
    ) {
      timer = setTimeout(save, SAVE_DELAY_MS);
    }
  });
  const unsubscribeTokens = tokens.subscribe(() => {
    if (tokens.getToken() === null) forget();
  });
  // Loaded after the first render (main.tsx): what was answered before is saved now.
  timer = setTimeout(save, SAVE_DELAY_MS);
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    unsubscribeCache();
    unsubscribeTokens();
  };
}
