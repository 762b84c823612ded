import { PLAYER_DEFAULTS } from '@/contracts/constants';
import { PlayerPreferences } from '@/contracts/entities';
import { i18n } from '@/lib/i18n';
import type { KeyValueStorage } from '@/lib/storage';

/** Where the player preferences live in localStorage. */
export const PREFERENCES_KEY = 'ROOT.PLAYER_PREFERENCES';

export const DEFAULT_PREFERENCES: PlayerPreferences = { ...PLAYER_DEFAULTS };

/** The fields of a stored record that pass the contract (an old version, a hand edit: one bad
 * value does not throw away the others). */
const validChoices = (raw: string | null): Partial<PlayerPreferences> => {
  if (!raw) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null) return {};
  const out: Partial<PlayerPreferences> = {};
  const shape = PlayerPreferences.shape;
  for (const key of Object.keys(shape) as Array<keyof PlayerPreferences>) {
    const field = shape[key].safeParse((json as Record<string, unknown>)[key]);
    if (field.success) Object.assign(out, { [key]: field.data });
  }
  return out;
};

/** Stored preferences over the defaults: a field that fails keeps its default. */
export const parsePreferences = (
  raw: string | null,
  defaults: PlayerPreferences = DEFAULT_PREFERENCES,
): PlayerPreferences => ({ ...defaults, ...validChoices(raw) });

export interface PreferencesStore {
  get(): PlayerPreferences;
  /** Merges a change, validates it and stores it; an invalid change is refused (returns false). */
  update(change: Partial<PlayerPreferences>): boolean;
  /**
   * Adds watched seconds to `guestTime` on top of what storage holds now (another tab of the
   * same browser may have added its own since this one read it) and returns the new total.
   */
  addGuestTime(seconds: number): number;
}

/**
 * The player preferences over a key-value storage; a storage that throws is treated as empty.
 * Only what the viewer chose is stored: the rest follows `defaults` when read, so the caption
 * language follows the reader's language until the viewer picks one (issue 9, item 15).
 */
export const createPreferencesStore = (
  storage: KeyValueStorage | null,
  defaults: () => PlayerPreferences = () => DEFAULT_PREFERENCES,
): PreferencesStore => {
  let choices: Partial<PlayerPreferences> | null = null;
  const read = (): Partial<PlayerPreferences> => {
    try {
      return validChoices(storage?.getItem(PREFERENCES_KEY) ?? null);
    } catch {
      return {};
    }
  };
  /**
   * The watched-seconds count as it stands: the larger of storage's (another tab may have added
   * since) and this page's (storage may refuse writes). A count only grows, so the larger is
   * the newer.
   */
  const guestTimeNow = (): number | undefined => {
    const stored = read().guestTime;
    const mine = choices?.guestTime;
    return stored === undefined ? mine : mine === undefined ? stored : Math.max(stored, mine);
  };
  return {
    get: () => ({ ...defaults(), ...(choices ??= read()) }),
    update: (change) => {
      const chosen = { ...(choices ??= read()), ...change };
      // guestTime is a counter other tabs add to: never write back this tab's older copy.
      if (change.guestTime === undefined) {
        const counted = guestTimeNow();
        if (counted === undefined) delete chosen.guestTime;
        else chosen.guestTime = counted;
      }
      if (!PlayerPreferences.safeParse({ ...defaults(), ...chosen }).success) return false;
      choices = chosen;
      try {
        storage?.setItem(PREFERENCES_KEY, JSON.stringify(chosen));
      } catch {
        // Private mode or a full quota: the preference holds for this page only.
      }
      return true;
    },
    addGuestTime: (seconds) => {
      const total = (guestTimeNow() ?? 0) + Math.max(0, seconds);
      const stored = read();
      choices = { ...(choices ?? stored), guestTime: total };
      try {
        // Storage's other fields as they are (another tab's choices), with the new count.
        storage?.setItem(PREFERENCES_KEY, JSON.stringify({ ...stored, guestTime: total }));
      } catch {
        // As in update: the count holds for this page only.
      }
      return total;
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

/**
 * The page's preferences store (localStorage when available): captions start in the reader's
 * language.
 */
export const playerPreferences: PreferencesStore = createPreferencesStore(browserStorage(), () => ({
  ...DEFAULT_PREFERENCES,
  subtitleLang: i18n.language === 'en' ? 'en' : 'ja',
}));
