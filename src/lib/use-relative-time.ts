import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toLang } from '@/contracts/user-entities';
import { formatDateTime, relativeTime } from './time';

/**
 * How often relative times on screen move on. One shared timer for the whole page, however many
 * times it shows; "5 seconds ago" may read so for up to this long, which is what it is for.
 */
export const RELATIVE_TICK_MS = 10_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), RELATIVE_TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
};

/** The clock to the tick, so two reads within one tick agree (React compares snapshots). */
const snapshot = () => Math.floor(Date.now() / RELATIVE_TICK_MS) * RELATIVE_TICK_MS;

export interface RelativeTimeText {
  /** 「3 分前」 / "3 minutes ago", in the page's language. */
  text: string;
  /** The spec's absolute format, YYYY/MM/DD HH:mm, for a title (the time on hover). */
  title: string;
  /** For `<time dateTime>`. */
  dateTime: string;
}

/**
 * Relative times that move on while they are shown, each with its absolute time: call once per
 * list, then for each moment spread the result onto `<Text component="time">` with `text` as the
 * children. The absolute YYYY/MM/DD HH:mm stays in the title, as the spec's time format.
 */
export function useRelativeTime(): (value: number) => RelativeTimeText {
  const { i18n } = useTranslation();
  const now = useSyncExternalStore(subscribe, snapshot, snapshot);
  const lang = toLang(i18n.language, 'ja');
  return useCallback(
    (value: number) => ({
      text: relativeTime(value, now, lang),
      title: formatDateTime(value),
      dateTime: new Date(value).toISOString(),
    }),
    [now, lang],
  );
}
