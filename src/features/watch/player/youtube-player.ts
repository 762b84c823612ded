import { z } from 'zod';
import type { Scheduler } from '@/engine';
import type { VideoPlayer } from './video-player';
import {
  YT_DEFAULT_RATES,
  YT_STATE,
  YtPlayerState,
  type YtApi,
  type YtEvent,
  type YtPlayer,
} from './youtube-api';

/**
 * The engine's player interface over a YouTube IFrame player, so the follower drives a YouTube
 * video exactly as it drives the `<video>` of an HLS one. The iframe answers asynchronously (its
 * commands and state travel by postMessage), so the adapter keeps what a media element would
 * report at once — paused, muted — and derives the rest from the player's events.
 */

/** A seek has landed when the position reads within this of where it should be (s). */
const SEEK_LANDED_S = 0.05;
/** How often a pending seek's position is read (ms): the iframe has no `seeked` event. */
export const SEEK_POLL_MS = 50;
/**
 * A seek that has not landed by then is given up without `seeked` (ms); the follower stops
 * waiting for it sooner (its own seek timeout) and corrects from the next tick.
 */
export const SEEK_GIVE_UP_MS = 5000;
/** The warm-up waits at most this long for the video to move (ms). */
const YT_WARM_UP_LIMIT_MS = 3000;
const WARM_UP_POLL_MS = 20;

/**
 * The rate YouTube plays when asked for `rate`: one it offers, rounded toward 1 as the player
 * itself does (IFrame API reference, setPlaybackRate) — 1.1 plays at 1, 0.9 at 1, 3 at 2.
 */
export const youTubeRate = (rate: number, available: readonly number[]): number => {
  const rates = available.length > 0 ? available : YT_DEFAULT_RATES;
  if (rates.includes(rate)) return rate;
  if (rate > 1) {
    const below = rates.filter((r) => r >= 1 && r <= rate);
    return below.length > 0 ? Math.max(...below) : 1;
  }
  const above = rates.filter((r) => r <= 1 && r >= rate);
  return above.length > 0 ? Math.min(...above) : Math.min(...rates);
};

/** Why the player refused the video (`onError` data), for the log; the viewer sees one message. */
const ERRORS: Record<number, string> = {
  2: 'YouTube refused the video id',
  5: 'The YouTube player cannot play this video in this browser',
  100: 'The YouTube video was removed or is private',
  101: 'The YouTube video may not be embedded',
  150: 'The YouTube video may not be embedded',
  153: 'The YouTube player needs the page to send a referrer',
};

const Rate = z.number().positive();
const ErrorCode = z.number().int();

export interface YouTubeMountOptions {
  api: YtApi;
  /** Replaced by the player's iframe; the caller owns its parent. */
  element: HTMLElement;
  videoId: string;
  /** The iframe's accessible name. */
  title: string;
  /** This page's origin, so the player posts its events only here. */
  origin: string;
  scheduler: Scheduler;
  /** A failure once the player was ready (e.g. embedding refused on play). */
  onError(message: string): void;
}

export interface MountedYouTube {
  /** The adapter once the player can take commands; rejects when the video cannot be loaded. */
  ready: Promise<VideoPlayer>;
  /** Removes the player (the adapter's `dispose` does the same once ready). */
  destroy(): void;
}

/**
 * Creates the IFrame player in `element` and hands back the adapter when it is ready. No
 * controls, keyboard or related videos: the room, not the viewer, moves the video. Privacy-enhanced
 * mode (youtube-nocookie.com): a school app does not let YouTube set cookies before play.
 */
export const mountYouTubePlayer = (options: YouTubeMountOptions): MountedYouTube => {
  const { scheduler } = options;
  let yt: YtPlayer | null = null;
  let ready = false;
  let disposed = false;
  // What a media element would report at once; the iframe reports it later by event.
  let state: YtPlayerState = YT_STATE.UNSTARTED;
  let paused = true;
  let muted = false;
  let requestedRate = 1;
  const seekedListeners = new Set<() => void>();
  const changeListeners = new Set<() => void>();
  // play() promises not yet settled: PLAYING resolves them, a blocked autoplay rejects them.
  let plays: Array<{ resolve(): void; reject(error: Error): void }> = [];
  let seek: {
    target: number;
    at: number;
    sawBuffering: boolean;
    timer?: ReturnType<Scheduler['setTimeout']>;
  } | null = null;
  let resolveReady: (player: VideoPlayer) => void = () => undefined;
  let rejectReady: (error: Error) => void = () => undefined;
  const readyPromise = new Promise<VideoPlayer>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });

  const changed = () => {
    for (const listener of [...changeListeners]) listener();
  };
  const settlePlays = (error?: Error) => {
    const pending = plays;
    plays = [];
    for (const p of pending) {
      if (error) p.reject(error);
      else p.resolve();
    }
  };

  const position = (): number => {
    const t = yt && !disposed ? yt.getCurrentTime() : 0;
    return Number.isFinite(t) ? t : 0;
  };

  const landSeek = () => {
    if (!seek) return;
    if (seek.timer !== undefined) scheduler.clearTimeout(seek.timer);
    seek = null;
    for (const listener of [...seekedListeners]) listener();
    changed();
  };
  // The iframe has no `seeked`: a seek has landed when the player reports a state after the
  // buffering it caused, or when its position reads at the target (a seek within buffered data
  // may report no state at all).
  const pollSeek = () => {
    if (!seek || disposed) return;
    const elapsedMs = scheduler.now() - seek.at;
    if (elapsedMs > SEEK_GIVE_UP_MS) {
      seek = null;
      return;
    }
    if (state !== YT_STATE.BUFFERING) {
      const moved = paused ? 0 : (elapsedMs / 1000) * requestedRate;
      const t = position();
      if (t >= seek.target - SEEK_LANDED_S && t <= seek.target + moved + SEEK_LANDED_S) {
        landSeek();
        return;
      }
    }
    seek.timer = scheduler.setTimeout(pollSeek, SEEK_POLL_MS);
  };

  const onStateChange = (event: YtEvent) => {
    const parsed = YtPlayerState.safeParse(event.data);
    if (!parsed.success || disposed) return;
    state = parsed.data;
    if (state === YT_STATE.PLAYING) {
      paused = false;
      settlePlays();
    } else if (state === YT_STATE.PAUSED || state === YT_STATE.ENDED) {
      // As a media element: paused once it has ended, so the next play() is the room's call.
      paused = true;
      if (state === YT_STATE.ENDED) settlePlays();
    }
    if (seek) {
      if (state === YT_STATE.BUFFERING) seek.sawBuffering = true;
      else if (seek.sawBuffering && state !== YT_STATE.UNSTARTED) landSeek();
    }
    changed();
  };

  /** Like a media element's play(): resolves once it plays, rejects if autoplay is refused. */
  const start = (): Promise<void> => {
    if (!yt || disposed) return Promise.resolve();
    paused = false;
    // Sent even when it reports PLAYING: a pause may be on its way to the iframe.
    yt.playVideo();
    changed();
    if (state === YT_STATE.PLAYING) return Promise.resolve();
    return new Promise<void>((resolve, reject) => plays.push({ resolve, reject }));
  };

  const player: VideoPlayer = {
    // The iframe offers only its listed rates (a nudge of a few percent plays at 1): the
    // follower corrects this player by seeking and holding, not by nudging its rate.
    followerConfig: { maxNudge: 0 },
    currentTime: position,
    duration: () => {
      const d = yt && !disposed ? yt.getDuration() : 0;
      return Number.isFinite(d) && d > 0 ? d : Number.NaN;
    },
    setCurrentTime: (seconds) => {
      if (!yt || disposed) return;
      if (seek?.timer !== undefined) scheduler.clearTimeout(seek.timer);
      seek = { target: Math.max(0, seconds), at: scheduler.now(), sawBuffering: false };
      yt.seekTo(seek.target, true);
      // seekTo plays a video that is cued, not started or ended; only the room starts it.
      if (paused && state !== YT_STATE.PAUSED) yt.pauseVideo();
      seek.timer = scheduler.setTimeout(pollSeek, SEEK_POLL_MS);
    },
    play: () => start(),
    pause: () => {
      if (!yt || disposed) return;
      paused = true;
      yt.pauseVideo();
      // A play() interrupted by pause() is not the autoplay policy refusing it.
      settlePlays();
      changed();
    },
    isPaused: () => paused,
    setPlaybackRate: (rate) => {
      if (!yt || disposed) return;
      const next = youTubeRate(rate, yt.getAvailablePlaybackRates());
      if (next === requestedRate) return;
      requestedRate = next;
      yt.setPlaybackRate(next);
    },
    isBuffering: () => !paused && state === YT_STATE.BUFFERING,
    onSeeked: (listener) => {
      seekedListeners.add(listener);
      return () => seekedListeners.delete(listener);
    },
    setMuted: (next) => {
      if (!yt || disposed) return;
      muted = next;
      if (next) yt.mute();
      else yt.unMute();
      changed();
    },
    isMuted: () => muted,
    setVolume: (volume) => {
      if (!yt || disposed) return;
      yt.setVolume(Math.round(Math.min(1, Math.max(0, volume)) * 100));
      changed();
    },
    onChange: (listener) => {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    // The same warm-up as the `<video>`: the first start of an iframe player loads the video, so
    // it is done muted at the join tap and left paused where it got to.
    warmUp: async (signal) => {
      if (!yt || disposed || !paused || signal?.aborted) return;
      const from = position();
      const wasMuted = muted;
      player.setMuted(true);
      const until = scheduler.now() + YT_WARM_UP_LIMIT_MS;
      // A refusal, or the pause() below interrupting it, is not an error here.
      start().catch(() => undefined);
      try {
        await new Promise<void>((resolve) => {
          const check = () => {
            const moving = state === YT_STATE.PLAYING && position() > from;
            if (disposed || paused || moving || signal?.aborted || scheduler.now() >= until)
              resolve();
            else scheduler.setTimeout(check, WARM_UP_POLL_MS);
          };
          check();
        });
      } finally {
        player.pause();
        player.setMuted(wasMuted);
      }
    },
    dispose: () => {
      if (disposed) return;
      disposed = true;
      if (seek?.timer !== undefined) scheduler.clearTimeout(seek.timer);
      seek = null;
      settlePlays();
      seekedListeners.clear();
      changeListeners.clear();
      yt?.destroy();
    },
  };

  yt = new options.api.Player(options.element, {
    videoId: options.videoId,
    host: 'https://www.youtube-nocookie.com',
    width: '100%',
    height: '100%',
    playerVars: {
      autoplay: 0,
      controls: 0,
      disablekb: 1,
      enablejsapi: 1,
      fs: 0,
      iv_load_policy: 3,
      origin: options.origin,
      playsinline: 1,
      rel: 0,
    },
    events: {
      onReady: () => {
        if (disposed || !yt) return;
        ready = true;
        const initial = YtPlayerState.safeParse(yt.getPlayerState());
        if (initial.success) state = initial.data;
        yt.getIframe().title = options.title;
        resolveReady(player);
      },
      onStateChange,
      onPlaybackRateChange: (event) => {
        const rate = Rate.safeParse(event.data);
        if (!rate.success || disposed) return;
        // The rate the player settled on (it may round what it was asked for).
        requestedRate = rate.data;
        changed();
      },
      onError: (event) => {
        if (disposed) return;
        const code = ErrorCode.safeParse(event.data);
        const message =
          (code.success ? ERRORS[code.data] : undefined) ??
          `YouTube player error ${String(event.data)}`;
        if (ready) options.onError(message);
        else rejectReady(new Error(message));
      },
      onAutoplayBlocked: () => {
        if (disposed) return;
        // The browser refused to start it without a gesture: the page asks for a tap (muted
        // fallback), as for a `<video>` whose play() is refused.
        paused = true;
        settlePlays(new Error('NotAllowedError: autoplay blocked'));
        changed();
      },
    },
  });

  return {
    ready: readyPromise,
    destroy: () => {
      if (!disposed) rejectReady(new Error('The player was removed'));
      player.dispose();
    },
  };
};
