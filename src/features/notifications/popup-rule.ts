import { NOTIFICATION_RESHOW_MS, STORAGE_KEYS } from '@/contracts/constants';
import type { KeyValueStorage } from '@/lib/storage';

/** Where the popup's "show after" time lives (epoch ms as text), per browser. */
export const SHOW_AFTER_KEY = STORAGE_KEYS.notificationShowAfter;

/**
 * The stored show-after time, or 0 (show now) when nothing usable is stored: a value that is not
 * a whole number is treated as absent rather than blocking the popup forever.
 */
export function readShowAfter(storage: Pick<KeyValueStorage, 'getItem'>): number {
  const raw = storage.getItem(SHOW_AFTER_KEY);
  if (raw === null || !/^\d{1,16}$/.test(raw)) return 0;
  return Number(raw);
}

/** The popup shows when there are notifications and the show-after time has passed. */
export function shouldShowPopup(count: number, showAfter: number, now: number): boolean {
  return count > 0 && now >= showAfter;
}

/** After showing, the popup waits one day (accounts and people §4 "Notifications"). */
export function nextShowAfter(now: number): number {
  return now + NOTIFICATION_RESHOW_MS;
}

/**
 * The feedback notification's wording by count, chosen here rather than by i18next plurals:
 * Japanese has one plural form, so "Meiさんたち…1件" came out for one feedback (issue 9, item 21).
 */
export const replyKey = (count: number | null | undefined): 'item.replyOne' | 'item.replyMany' =>
  (count ?? 1) > 1 ? 'item.replyMany' : 'item.replyOne';
