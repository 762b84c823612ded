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

  it('captions follow the reader’s language until the viewer picks one (issue 9, item 15)', () => {
    const storage = createMemoryStorage();
    let lang: 'ja' | 'en' = 'en';
    const store = createPreferencesStore(storage, () => ({
      ...DEFAULT_PREFERENCES,
      subtitleLang: lang,
    }));
    expect(store.update({ volume: 0.5 })).toBe(true);
    expect(store.get()).toMatchObject({ subtitleLang: 'en', volume: 0.5 });
    lang = 'ja';
    expect(store.get().subtitleLang).toBe('ja');
    expect(store.update({ subtitleLang: 'off' })).toBe(true);
    lang = 'en';
    expect(store.get().subtitleLang).toBe('off');
    expect(JSON.parse(storage.getItem(PREFERENCES_KEY)!)).toEqual({
      volume: 0.5,
      subtitleLang: 'off',
    });
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

describe('fullscreen and guestTime preferences', () => {
  it('start from the contract’s defaults: not full screen, nothing watched as a guest', () => {
    expect(parsePreferences(null)).toMatchObject({ fullscreen: false, guestTime: 0 });
  });

  it('remember full screen like any other choice', () => {
    const storage = createMemoryStorage();
    expect(createPreferencesStore(storage).update({ fullscreen: true })).toBe(true);
    expect(createPreferencesStore(storage).get().fullscreen).toBe(true);
  });

  it('add watched seconds to what storage holds, so two tabs add up rather than overwrite', () => {
    const storage = createMemoryStorage();
    const tabA = createPreferencesStore(storage);
    const tabB = createPreferencesStore(storage);
    expect(tabA.get().guestTime).toBe(0);
    expect(tabB.get().guestTime).toBe(0);
    expect(tabA.addGuestTime(30)).toBe(30);
    expect(tabB.addGuestTime(5)).toBe(35);
    expect(tabA.addGuestTime(10)).toBe(45);
    expect(createPreferencesStore(storage).get().guestTime).toBe(45);
  });

  it('never write back an older count when another choice changes', () => {
    const storage = createMemoryStorage();
    const tabA = createPreferencesStore(storage);
    const tabB = createPreferencesStore(storage);
    tabB.get();
    tabA.addGuestTime(60);
    expect(tabB.update({ volume: 0.3 })).toBe(true);
    expect(JSON.parse(storage.getItem(PREFERENCES_KEY)!)).toEqual({ guestTime: 60, volume: 0.3 });
    expect(tabB.get().guestTime).toBe(60);
  });

  it('keep another tab’s other choices when adding time', () => {
    const storage = createMemoryStorage();
    const tabA = createPreferencesStore(storage);
    tabA.get();
    createPreferencesStore(storage).update({ muted: true });
    tabA.addGuestTime(3);
    expect(JSON.parse(storage.getItem(PREFERENCES_KEY)!)).toEqual({ muted: true, guestTime: 3 });
  });

  it('keep counting on the page when storage refuses writes', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => undefined,
    };
    const store = createPreferencesStore(full);
    store.addGuestTime(4);
    expect(store.addGuestTime(6)).toBe(10);
    expect(store.update({ muted: true })).toBe(true);
    expect(store.get()).toMatchObject({ guestTime: 10, muted: true });
  });

  it('ignore a negative addition', () => {
    const store = createPreferencesStore(createMemoryStorage());
    store.addGuestTime(5);
    expect(store.addGuestTime(-20)).toBe(5);
  });
});
