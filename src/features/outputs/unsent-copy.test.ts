import { describe, expect, it } from 'vitest';
import { dropUnsent, keepUnsent, readUnsent, unsentKey } from './unsent-copy';

/** A Storage in memory (the unit project has no DOM). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('the unsent copy of an output (issue 13)', () => {
  const key = unsentKey('u1', 's1', 'w1');

  it('is one per user, session and work', () => {
    expect(key).toBe('tomoni.output.unsent:u1:s1:w1');
    expect(unsentKey('u2', 's1', 'w1')).not.toBe(key);
  });

  it('keeps the text and picture, reads them back, and drops them', () => {
    const storage = memoryStorage();
    expect(readUnsent(key, storage)).toBeNull();
    keepUnsent(key, { description: '海の話', image: '/uploads/a.jpg' }, 42, storage);
    expect(readUnsent(key, storage)).toEqual({
      description: '海の話',
      image: '/uploads/a.jpg',
      keptAt: 42,
    });
    dropUnsent(key, storage);
    expect(readUnsent(key, storage)).toBeNull();
  });

  it('ignores a damaged copy and survives a storage that refuses writes', () => {
    const storage = memoryStorage();
    storage.setItem(key, '{not json');
    expect(readUnsent(key, storage)).toBeNull();
    storage.setItem(key, JSON.stringify({ description: 1 }));
    expect(readUnsent(key, storage)).toBeNull();
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as Storage;
    expect(() => keepUnsent(key, { description: 'x', image: null }, 1, full)).not.toThrow();
    expect(readUnsent(key, null)).toBeNull();
  });
});
