import { PLAYER_DEFAULTS } from '@/contracts/constants';
import { PlayerPreferences } from '@/contracts/entities';
import type { KeyValueStorage } from '@/lib/storage';

/** Where the player preferences live in localStorage. */
export const PREFERENCES_KEY = 'ROOT.PLAYER_PREFERENCES';

export const DEFAULT_PREFERENCES: PlayerPreferences = { ...PLAYER_DEFAULTS };

/**
 * Reads stored preferences, validated with the contract: a field that fails keeps its default, so
 * one bad value (an old version, a hand edit) does not throw away the others.
 */
export const parsePreferences = (raw: string | null): PlayerPreferences => {
  if (!raw) return { ...DEFAULT_PREFERENCES };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
  const whole = PlayerPreferences.safeParse(json);
  if (whole.success) return whole.data;
  if (typeof json !== 'object' || json === null) return { ...DEFAULT_PREFERENCES };
  const out: PlayerPreferences = { ...DEFAULT_PREFERENCES };
  const shape = PlayerPreferences.shape;
  for (const key of Object.keys(shape) as Array<keyof PlayerPreferences>) {
    const field = shape[key].safeParse((json as Record<string, unknown>)[key]);
    if (field.success) Object.assign(out, { [key]: field.data });
  }
  return out;
};

export interface PreferencesStore {
  get(): PlayerPreferences;
  /** Merges a change, validates it and stores it; an invalid change is refused (returns false). */
  update(change: Partial<PlayerPreferences>): boolean;
}

/** The player preferences over a key-value storage; a storage that throws is treated as empty. */
export const createPreferencesStore = (storage: KeyValueStorage | null): PreferencesStore => {
  let current: PlayerPreferences | null = null;
  const read = (): PlayerPreferences => {
    try {
      return parsePreferences(storage?.getItem(PREFERENCES_KEY) ?? null);
    } catch {
      return { ...DEFAULT_PREFERENCES };
    }
  };
  return {
    get: () => (current ??= read()),
    update: (change) => {
      const next = PlayerPreferences.safeParse({ ...(current ??= read()), ...change });
      if (!next.success) return false;
      current = next.data;
      try {
        storage?.setItem(PREFERENCES_KEY, JSON.stringify(next.data));
      } catch {
        // Private mode or a full quota: the preference holds for this page only.
      }
      return true;
    },
  };
};

const browserStorage = (): KeyValueStorage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

/** The page's preferences store (localStorage when available). */
export const playerPreferences: PreferencesStore = createPreferencesStore(browserStorage());
