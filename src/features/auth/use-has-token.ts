import { useSyncExternalStore } from 'react';
import { tokenStorage } from '@/lib/storage';

const hasToken = (): boolean => tokenStorage.getToken() !== null;

/** Whether an access token is held; re-renders when tokens are stored or cleared. */
export function useHasToken(): boolean {
  return useSyncExternalStore(tokenStorage.subscribe, hasToken, hasToken);
}
