/**
 * `guestTime` (spec: a player preference, with no more said): the seconds a guest account has
 * watched on this device, shown to the guest on the watch page
 * (docs/decisions/0132-fullscreen-and-guest-time.md). Pure: the clock is handed in.
 */

/** Counted seconds go to storage at most this often (and when the page leaves). */
export const GUEST_TIME_FLUSH_MS = 5000;
/** How often the meter reads the clock: a play or pause lands within this much. */
export const GUEST_TIME_TICK_MS = 1000;
/**
 * A gap between two reads longer than this is a machine that slept, not a viewer watching: it
 * counts for nothing. Long enough for a background tab's timers, which browsers slow to one a
 * minute, to keep counting a video that plays on.
 */
export const GUEST_TIME_MAX_STEP_MS = 90_000;

export interface GuestTimeMeter {
  /** Reads the clock: the time since the last read counts if the video played at both reads. */
  tick(playing: boolean): void;
  /** The whole seconds counted since the last take; the fraction stays for the next one. */
  take(): number;
}

export function createGuestTimeMeter(now: () => number): GuestTimeMeter {
  let last: number | null = null;
  let wasPlaying = false;
  let countedMs = 0;
  return {
    tick(playing) {
      const at = now();
      if (last !== null && wasPlaying && playing) {
        const step = at - last;
        if (step > 0 && step <= GUEST_TIME_MAX_STEP_MS) countedMs += step;
      }
      last = at;
      wasPlaying = playing;
    },
    take() {
      const seconds = Math.floor(countedMs / 1000);
      countedMs -= seconds * 1000;
      return seconds;
    },
  };
}

/** How the watched time reads: hours and minutes, or "under a minute". */
export type GuestTimeReading =
  | { kind: 'underMinute' }
  | { kind: 'minutes'; m: number }
  | { kind: 'hours'; h: number; m: number };

export function readGuestTime(seconds: number): GuestTimeReading {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes === 0) return { kind: 'underMinute' };
  if (minutes < 60) return { kind: 'minutes', m: minutes };
  return { kind: 'hours', h: Math.floor(minutes / 60), m: minutes % 60 };
}
