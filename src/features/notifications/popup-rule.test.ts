import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '@/lib/storage';
import {
  nextShowAfter,
  readShowAfter,
  replyKey,
  SHOW_AFTER_KEY,
  shouldShowPopup,
} from './popup-rule';
import { createTestI18n } from '@/lib/i18n-testing';

const NOW = Date.UTC(2026, 10, 22, 9, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('notification popup rule', () => {
  it('shows when there are notifications and nothing is stored', () => {
    const storage = createMemoryStorage();
    expect(shouldShowPopup(2, readShowAfter(storage), NOW)).toBe(true);
  });

  it('does not show without notifications, whatever the time', () => {
    expect(shouldShowPopup(0, 0, NOW)).toBe(false);
  });

  it('after showing, waits exactly one day', () => {
    const after = nextShowAfter(NOW);
    expect(after).toBe(NOW + DAY);
    expect(shouldShowPopup(1, after, NOW + DAY - 1)).toBe(false);
    expect(shouldShowPopup(1, after, NOW + DAY)).toBe(true);
  });

  it('reads the stored time, ignoring a value that is not a number', () => {
    const storage = createMemoryStorage();
    storage.setItem(SHOW_AFTER_KEY, String(NOW + 5));
    expect(readShowAfter(storage)).toBe(NOW + 5);
    storage.setItem(SHOW_AFTER_KEY, 'tomorrow');
    expect(readShowAfter(storage)).toBe(0);
  });
});

describe('feedback notification wording (issue 9, item 21)', () => {
  it('speaks of one person and no count for one feedback, in Japanese too', () => {
    const t = createTestI18n({ lng: 'ja' }).getFixedT('ja', 'notifications');
    const one = t(replyKey(1), { name: 'Mei', count: 1 });
    expect(one).toBe('Meiさんがあなたのアウトプットにフィードバックしました。');
    expect(one).not.toContain('たち');
    expect(t(replyKey(3), { name: 'Mei', count: 3 })).toContain('3件');
  });
});
