import { z } from 'zod';
import type { Scheduler } from '@/engine';

/**
 * The part of the YouTube IFrame Player API this app uses, typed here (no @types package), and
 * its script loaded on demand: only a page that plays a YOUTUBE video fetches it.
 */

/** `YT.PlayerState`. */
export const YT_STATE = {
  UNSTARTED: -1,
  ENDED: 0,
  PLAYING: 1,
  PAUSED: 2,
  BUFFERING: 3,
  CUED: 5,
} as const;

/** A state the player reports in `onStateChange` (`event.data`); anything else is ignored. */
export const YtPlayerState = z.union([
  z.literal(YT_STATE.UNSTARTED),
  z.literal(YT_STATE.ENDED),
  z.literal(YT_STATE.PLAYING),
  z.literal(YT_STATE.PAUSED),
  z.literal(YT_STATE.BUFFERING),
  z.literal(YT_STATE.CUED),
]);
export type YtPlayerState = z.infer<typeof YtPlayerState>;

/** The rates a YouTube video usually offers, for a player that does not list its own yet. */
export const YT_DEFAULT_RATES: readonly number[] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

/** The `YT.Player` methods this app calls. */
export interface YtPlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  /** 0 until the video's metadata is known. */
  getDuration(): number;
  getPlayerState(): number;
  setPlaybackRate(suggestedRate: number): void;
  getAvailablePlaybackRates(): number[];
  mute(): void;
  unMute(): void;
  /** 0–100. */
  setVolume(volume: number): void;
  getIframe(): { title: string };
  destroy(): void;
}

/** What the player passes to its event handlers. */
export interface YtEvent {
  data?: unknown;
}

export interface YtEvents {
  onReady(event: YtEvent): void;
  onStateChange(event: YtEvent): void;
  onPlaybackRateChange(event: YtEvent): void;
  onError(event: YtEvent): void;
  onAutoplayBlocked(event: YtEvent): void;
}

export interface YtPlayerOptions {
  videoId: string;
  host: string;
  width: string;
  height: string;
  playerVars: Record<string, string | number>;
  events: YtEvents;
}

/** `new YT.Player(element, options)`: the element is replaced by the player's iframe. */
type YtPlayerConstructor = new (element: HTMLElement, options: YtPlayerOptions) => YtPlayer;

/** The loaded `window.YT`. */
export interface YtApi {
  Player: YtPlayerConstructor;
}

const YtApiShape = z.object({
  Player: z.custom<YtPlayerConstructor>((value) => typeof value === 'function'),
});

export const IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

/** How long the script may take before the player reports an error instead of loading forever (ms). */
export const IFRAME_API_TIMEOUT_MS = 20_000;

/** The window as the loader uses it (a fake in tests). */
export interface ApiHost {
  YT?: unknown;
  onYouTubeIframeAPIReady?: (() => void) | undefined;
  document: {
    createElement(tag: 'script'): {
      src: string;
      async: boolean;
      onerror: unknown;
      remove(): void;
    };
    head: { appendChild(node: unknown): unknown };
  };
}

/**
 * A loader of the IFrame API on `host`: the script is added once, on the first call, and every
 * call waits for the same `onYouTubeIframeAPIReady`. A failed or timed-out load is forgotten, so
 * the next viewing tries again (a school network may block youtube.com for a while).
 */
export const createYouTubeApiLoader = (
  host: ApiHost,
  scheduler: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>,
): (() => Promise<YtApi>) => {
  let loading: Promise<YtApi> | null = null;
  const load = () =>
    new Promise<YtApi>((resolve, reject) => {
      const ready = YtApiShape.safeParse(host.YT);
      if (ready.success) {
        resolve(ready.data);
        return;
      }
      const script = host.document.createElement('script');
      let settled = false;
      const timer = scheduler.setTimeout(
        () => fail('The YouTube player did not load in time'),
        IFRAME_API_TIMEOUT_MS,
      );
      // Another script of the page may wait for the API too: it is still called.
      const previous = host.onYouTubeIframeAPIReady;
      function fail(message: string) {
        if (settled) return;
        settled = true;
        scheduler.clearTimeout(timer);
        script.remove();
        loading = null;
        reject(new Error(message));
      }
      host.onYouTubeIframeAPIReady = () => {
        previous?.();
        const api = YtApiShape.safeParse(host.YT);
        if (!api.success) {
          fail('The YouTube player script did not define YT.Player');
          return;
        }
        if (settled) return;
        settled = true;
        scheduler.clearTimeout(timer);
        resolve(api.data);
      };
      script.onerror = () => fail('The YouTube player script could not be loaded');
      script.async = true;
      script.src = IFRAME_API_URL;
      host.document.head.appendChild(script);
    });
  return () => (loading ??= load());
};

let pageLoader: (() => Promise<YtApi>) | null = null;

/** The IFrame API of this page, loaded on the first call. */
export const loadYouTubeApi = (scheduler: Scheduler): Promise<YtApi> =>
  (pageLoader ??= createYouTubeApiLoader(window as unknown as ApiHost, scheduler))();
