import { hydrate, type QueryClient, type QueryKey, type dehydrate } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@/contracts/constants';
import { meQueryKey } from '@/features/auth';
import { tokenStorage, type KeyValueStorage, type TokenStorage } from '@/lib/storage';

/**
 * The signed-in shell's and home's first reads, kept on the device so the next visit draws at
 * once (issue 29: pupils come back every day, and the visit after the first is what a class
 * feels at the bell). On start, with a sign-in held, the last answers go into the query client;
 * the same reads still go out at once and replace them, so nothing older than this visit stays on
 * screen once the network answers.
 *
 * Only reads that carry no pupil's words: the own record and the two session lists. Feeds,
 * outputs and feedback are never kept here, so something a moderator removed is never drawn
 * from a copy. The copy belongs to the sign-in that made it (a fingerprint of its tokens): it is
 * drawn only for the same tokens, and dropped whenever the page holds no sign-in (at start,
 * logout, a refused session, tokens cleared), like the worker's API copies (service-worker.ts). A new build ignores the old copy (its data may have another shape).
 */
export const FIRST_VIEW_KEY = STORAGE_KEYS.firstView;
const FIRST_VIEW_KEYS: readonly QueryKey[] = [
  meQueryKey,
  ['sessions', 'list'],
  ['sessions', 'live'],
];
/** Older than this, the copy is not drawn: a day-old list is not what the pupil expects. */
export const FIRST_VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The running build, told apart by its entry chunk's hashed name. */
export const THIS_BUILD = import.meta.url;

export interface Snapshot {
  build: string;
  /** Whose copy: a fingerprint of the sign-in's current tokens (they change on each refresh). */
  owner: string;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

export const kept = (key: QueryKey) =>
  FIRST_VIEW_KEYS.some((k) => k.length === key.length && k.every((part, i) => part === key[i]));

/** FNV-1a of the refresh token (else the access token): tells sign-ins apart, not a secret. */
export function ownerOf(tokens: TokenStorage): string | null {
  const token = tokens.getRefreshToken() || tokens.getToken();
  if (!token) return null;
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** What the page uses unless a test hands in its own. */
export interface Options {
  tokens?: TokenStorage;
  storage?: KeyValueStorage | null;
  build?: string;
  now?: () => number;
}

export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Puts the last visit's answers into the query client, when they are this sign-in's and fresh. */
export function restoreFirstView(
  queryClient: QueryClient,
  {
    tokens = tokenStorage,
    storage = browserStorage(),
    build = THIS_BUILD,
    now = Date.now,
  }: Options = {},
): boolean {
  if (!storage) return false;
  try {
    // No access token is no sign-in (as for the worker's API copies, service-worker.ts).
    const owner = tokens.getToken() === null ? null : ownerOf(tokens);
    if (owner === null) {
      storage.removeItem(FIRST_VIEW_KEY);
      return false;
    }
    const raw = storage.getItem(FIRST_VIEW_KEY);
    if (!raw) return false;
    const snapshot = JSON.parse(raw) as Partial<Snapshot>;
    const fresh =
      snapshot.build === build &&
      snapshot.owner === owner &&
      typeof snapshot.savedAt === 'number' &&
      now() - snapshot.savedAt < FIRST_VIEW_MAX_AGE_MS &&
      snapshot.savedAt <= now();
    if (!fresh || !snapshot.state || !Array.isArray(snapshot.state.queries)) {
      storage.removeItem(FIRST_VIEW_KEY);
      return false;
    }
    // Only the kept reads, whatever the stored copy says; drawn now, and asked again at once
    // (invalidated: a reload always brings the current lists, however recent the copy).
    hydrate(queryClient, {
      mutations: [],
      queries: snapshot.state.queries.filter((q) => Array.isArray(q.queryKey) && kept(q.queryKey)),
    });
    void queryClient.invalidateQueries({
      predicate: (q) => kept(q.queryKey),
      refetchType: 'none',
    });
    return true;
  } catch {
    // A copy that cannot be read is only a slower start.
    storage.removeItem(FIRST_VIEW_KEY);
    return false;
  }
}
