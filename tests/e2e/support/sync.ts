import type { Page } from 'playwright-core';

/** One reading of a watch page: its player and its view of the room's timeline. */
export interface SyncSample {
  role: 'host' | 'follower';
  /** The `<video>`'s currentTime (s). */
  current: number;
  /** Where the room's timeline is now, by this page's clock (s). */
  expected: number;
  /** This page's estimate of the server's time (ms). */
  serverNow: number;
  paused: boolean;
  rate: number;
}

/**
 * Reads the watch page's player and its room hook (`window.__tomoniSync`, present with
 * `?debugSync=1`) in one evaluation, so the numbers belong to the same instant. Null until the
 * page has its room and video.
 */
export function syncState(page: Page): Promise<SyncSample | null> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('video[data-testid="watch-video"]');
    const hook = (
      window as unknown as {
        __tomoniSync?: {
          expectedPosition(at?: number): number;
          serverNow(): number;
          role: 'host' | 'follower';
        };
      }
    ).__tomoniSync;
    if (!video || !hook) return null;
    // The room's position at the clock reading taken with the player's (one instant).
    const current = video.currentTime;
    const serverNow = hook.serverNow();
    return {
      role: hook.role,
      current,
      expected: hook.expectedPosition(serverNow),
      serverNow,
      paused: video.paused,
      rate: video.playbackRate,
    };
  });
}

/**
 * The room's position (s) at `serverNow` as read from a host sample: the room's timeline is a
 * line through the host's expected position with slope `rate` while playing, flat while paused.
 */
export function roomPositionAt(
  host: SyncSample,
  serverNow: number,
  room: { playing: boolean; rate: number },
): number {
  return room.playing
    ? host.expected + (room.rate * (serverNow - host.serverNow)) / 1000
    : host.expected;
}
