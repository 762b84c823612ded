import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@/lib/storage';
import {
  DEFAULT_PREFERENCES,
  PREFERENCES_KEY,
  createPreferencesStore,
  parsePreferences,
} from './preferences';

describe('player preferences', () => {
  it('starts from the spec defaults: speed 1, size 100, subtitle ja, quality normal', () => {
    expect(parsePreferences(null)).toMatchObject({
      playSpeed: 1,
      sizeRate: 100,
      subtitleLang: 'ja',
      videoQuality: 'normal',
      muted: false,
    });
  });

  it('keeps the valid fields of a partly broken record and defaults the rest', () => {
    const raw = JSON.stringify({ subtitleLang: 'en', volume: 7, playSpeed: 'fast', muted: true });
    expect(parsePreferences(raw)).toEqual({
      ...DEFAULT_PREFERENCES,
      subtitleLang: 'en',
      muted: true,
    });
  });

  it('ignores text that is not JSON', () => {
    expect(parsePreferences('{oops')).toEqual(DEFAULT_PREFERENCES);
  });

  it('remembers a change across stores on the same storage', () => {
    const storage = createMemoryStorage();
    expect(createPreferencesStore(storage).update({ subtitleLang: 'off', volume: 0.5 })).toBe(true);
    expect(createPreferencesStore(storage).get()).toMatchObject({
      subtitleLang: 'off',
      volume: 0.5,
    });
  });

  it('refuses an invalid change and keeps the stored value', () => {
    const storage = createMemoryStorage();
    const store = createPreferencesStore(storage);
    expect(store.update({ volume: 2 })).toBe(false);
    expect(store.get().volume).toBe(DEFAULT_PREFERENCES.volume);
    expect(storage.getItem(PREFERENCES_KEY)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    const store = createPreferencesStore(broken);
    expect(store.update({ sizeRate: 75 })).toBe(true);
    expect(store.get().sizeRate).toBe(75);
  });
});
