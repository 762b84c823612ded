import type { FollowerConfig, PlayerAdapter } from '@/engine';

/**
 * The engine's player interface plus what stays the viewer's own: sound. Implemented over a
 * `<video>` (below) and over a YouTube IFrame player (`youtube-player.ts`).
 */
export interface VideoPlayer extends PlayerAdapter {
  /** The media's duration (s); NaN until the metadata has loaded. */
  duration(): number;
  setMuted(muted: boolean): void;
  isMuted(): boolean;
  setVolume(volume: number): void;
  /** Registers a listener for any change worth re-rendering (play, pause, rate, waiting …). */
  onChange(listener: () => void): () => void;
  /**
   * Gets the media pipeline running once, muted, and leaves the player paused where it got to.
   * A browser's first play() on a fresh `<video>` takes 70–140 ms longer to move than later
   * ones; warmed at the join tap, the room's first start is as punctual as every later one.
   * It does not seek back: a seek while paused flushes Chromium's pipeline and the next start
   * moved 49–130 ms late in bench:sync. The follower starts a player resting within its rest
   * tolerance from there (late on purpose by the offset), and puts one further off in place
   * itself, knowing that start will be late. When `signal` aborts (a start is due), it stops at
   * once.
   */
  warmUp(signal?: AbortSignal): Promise<void>;
  /** Removes the element listeners (and the player it created, if any). */
  dispose(): void;
  /** How the follower should correct this player, where it differs from a `<video>`. */
  followerConfig?: Partial<FollowerConfig>;
}

/** The warm-up waits at most this long for the media to move (ms). */
const WARM_UP_LIMIT_MS = 1500;
const WARM_UP_POLL_MS = 20;

/** A media element that has this much data or more can play on (HAVE_FUTURE_DATA). */
const HAVE_FUTURE_DATA = 3;

/**
 * The engine's player interface over a `<video>`. Buffering is tracked from the media events
 * (waiting / stalled set it, playing / canplay clear it) and the ready state, so the follower and
 * the host's stall rule see the same thing the viewer sees.
 */
export const createVideoPlayer = (
  video: HTMLVideoElement,
  /** How the follower corrects this device's player (device-profile.ts). */
  followerConfig: Partial<FollowerConfig> = {},
): VideoPlayer => {
  let waiting = false;
  const onWaiting = () => {
    waiting = true;
  };
  // `stalled` only means the network is slow; it is a stall only once the data has run out.
  const onStalled = () => {
    if (video.readyState < HAVE_FUTURE_DATA) waiting = true;
  };
  const onPlaying = () => {
    waiting = false;
  };
  video.addEventListener('waiting', onWaiting);
  video.addEventListener('stalled', onStalled);
  video.addEventListener('playing', onPlaying);
  video.addEventListener('canplay', onPlaying);
  video.addEventListener('canplaythrough', onPlaying);

  return {
    followerConfig,
    currentTime: () => video.currentTime,
    duration: () => video.duration,
    setCurrentTime: (seconds) => {
      video.currentTime = seconds;
    },
    play: () =>
      video.play().catch((error: unknown) => {
        // A play() interrupted by pause() or a new source is not the autoplay policy refusing.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        throw error;
      }),
    pause: () => video.pause(),
    isPaused: () => video.paused,
    setPlaybackRate: (rate) => {
      video.playbackRate = rate;
    },
    isBuffering: () =>
      !video.paused && (waiting || (video.readyState < HAVE_FUTURE_DATA && !video.ended)),
    onSeeked: (listener) => {
      video.addEventListener('seeked', listener);
      return () => video.removeEventListener('seeked', listener);
    },
    setMuted: (muted) => {
      video.muted = muted;
    },
    warmUp: async (signal) => {
      if (!video.paused || signal?.aborted) return;
      const at = video.currentTime;
      const wasMuted = video.muted;
      video.muted = true;
      // Bounded as a whole: play()'s promise may stay pending while the media has no data yet.
      const until = performance.now() + WARM_UP_LIMIT_MS;
      try {
        // A refusal, or the pause() below interrupting it, is not an error here.
        video.play().catch(() => undefined);
        while (
          !video.paused &&
          !signal?.aborted &&
          video.currentTime <= at &&
          performance.now() < until
        ) {
          await new Promise((resolve) => window.setTimeout(resolve, WARM_UP_POLL_MS));
        }
      } finally {
        video.pause();
        video.muted = wasMuted;
      }
    },
    isMuted: () => video.muted,
    setVolume: (volume) => {
      video.volume = Math.min(1, Math.max(0, volume));
    },
    onChange: (listener) => {
      const events = [
        'play',
        'pause',
        'ratechange',
        'waiting',
        'playing',
        'volumechange',
        'seeked',
      ];
      for (const e of events) video.addEventListener(e, listener);
      return () => {
        for (const e of events) video.removeEventListener(e, listener);
      };
    },
    dispose: () => {
      video.removeEventListener('waiting', onWaiting);
      video.removeEventListener('stalled', onStalled);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('canplay', onPlaying);
      video.removeEventListener('canplaythrough', onPlaying);
    },
  };
};
