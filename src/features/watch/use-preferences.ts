import { useCallback, useState } from 'react';
import type { PlayerPreferences } from '@/contracts/entities';
import { playerPreferences } from './player/preferences';

/** The viewer's player preferences, remembered in localStorage. */
export function usePreferences(): [
  PlayerPreferences,
  (change: Partial<PlayerPreferences>) => void,
] {
  const [prefs, setPrefs] = useState(() => playerPreferences.get());
  const update = useCallback((change: Partial<PlayerPreferences>) => {
    if (playerPreferences.update(change)) setPrefs(playerPreferences.get());
  }, []);
  return [prefs, update];
}
