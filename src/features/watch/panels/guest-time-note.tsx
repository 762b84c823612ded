import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createGuestTimeMeter,
  GUEST_TIME_FLUSH_MS,
  GUEST_TIME_TICK_MS,
  readGuestTime,
} from '../player/guest-time';
import { playerPreferences, type PreferencesStore } from '../player/preferences';

/**
 * Counts the seconds the video plays while a guest account watches and keeps the total in the
 * `guestTime` preference; returns the total, moving every few seconds.
 */
function useGuestTime(playing: boolean, store: PreferencesStore = playerPreferences): number {
  const [total, setTotal] = useState(() => store.get().guestTime);
  const playingRef = useRef(playing);
  playingRef.current = playing;
  useEffect(() => {
    const meter = createGuestTimeMeter(() => Date.now());
    const flush = () => {
      meter.tick(playingRef.current);
      const seconds = meter.take();
      if (seconds > 0) setTotal(store.addGuestTime(seconds));
    };
    meter.tick(playingRef.current);
    const tick = window.setInterval(() => meter.tick(playingRef.current), GUEST_TIME_TICK_MS);
    const save = window.setInterval(flush, GUEST_TIME_FLUSH_MS);
    // Closing the tab: what was counted since the last save is kept.
    window.addEventListener('pagehide', flush);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(save);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [store]);
  return total;
}

/** What the guest reads: how long this guest account has watched on this device. */
export function GuestTimeText({ seconds }: { seconds: number }) {
  const { t } = useTranslation('watch');
  const reading = readGuestTime(seconds);
  const time =
    reading.kind === 'underMinute'
      ? t('guest.underMinute')
      : reading.kind === 'minutes'
        ? t('guest.minutes', { m: reading.m })
        : t('guest.hours', { h: reading.h, m: reading.m });
  return (
    <Text size="xs" c="dimmed" data-testid="guest-time">
      {t('guest.watched', { time })}
    </Text>
  );
}

/** Shown to guest accounts only, under the player settings. */
export function GuestTimeNote({ playing }: { playing: boolean }) {
  return <GuestTimeText seconds={useGuestTime(playing)} />;
}
