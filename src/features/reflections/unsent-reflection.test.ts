import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@/lib/storage';
import {
  draftOfUnsent,
  dropUnsentReflection,
  keepUnsentReflection,
  readUnsentReflection,
  unsentReflectionKey,
} from './unsent-reflection';

const storage = () => createMemoryStorage() as unknown as Storage;
const draft = {
  ideaNote: '海の生き物',
  thinkNote: '',
  actionNote: 'ごみを拾う',
  score: 8,
  status: 'published' as const,
};

// Issue 24: what a pupil typed survives a server error, a reload or a closed tab.
describe('the unsent copy of a reflection', () => {
  it('is kept per user and session, read back as it was typed, and dropped after a save', () => {
    const s = storage();
    const key = unsentReflectionKey('u1', 's1');
    keepUnsentReflection(key, draft, 1000, s);
    expect(readUnsentReflection(unsentReflectionKey('u2', 's1'), s)).toBeNull();
    const kept = readUnsentReflection(key, s);
    expect(kept?.keptAt).toBe(1000);
    expect(draftOfUnsent(kept!)).toEqual(draft);
    dropUnsentReflection(key, s);
    expect(readUnsentReflection(key, s)).toBeNull();
  });

  it('ignores what is not a copy (another version, broken JSON) and a storage that throws', () => {
    const s = storage();
    s.setItem(unsentReflectionKey('u1', 's1'), '{"ideaNote": 3}');
    s.setItem(unsentReflectionKey('u1', 's2'), '{not json');
    expect(readUnsentReflection(unsentReflectionKey('u1', 's1'), s)).toBeNull();
    expect(readUnsentReflection(unsentReflectionKey('u1', 's2'), s)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => keepUnsentReflection('k', draft, 1, refusing)).not.toThrow();
    expect(readUnsentReflection('k', refusing)).toBeNull();
    expect(() => dropUnsentReflection('k', refusing)).not.toThrow();
  });
});
