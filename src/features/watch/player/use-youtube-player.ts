import { useEffect, useRef, useState, type RefObject } from 'react';
import { browserScheduler } from '../session/browser-scheduler';
import type { PlayerState } from './use-player';
import { loadYouTubeApi } from './youtube-api';
import { mountYouTubePlayer, type MountedYouTube } from './youtube-player';

/**
 * Plays a YouTube video in `containerRef` through the IFrame Player API (its script is fetched
 * on the first YouTube video a page plays) and hands back the same player adapter as `usePlayer`.
 * The player's iframe replaces a child made here, never the container React renders: React
 * would otherwise find a node it did not create. A YouTube video has no renditions to choose.
 */
export function useYouTubePlayer(
  containerRef: RefObject<HTMLElement | null>,
  videoId: string | null,
  title: string,
): PlayerState & { renditions: null } {
  const [state, setState] = useState<PlayerState>({ status: 'loading', player: null });
  const titleRef = useRef(title);
  titleRef.current = title;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !videoId) return;
    let cancelled = false;
    let mounted: MountedYouTube | null = null;
    setState({ status: 'loading', player: null });
    const fail = (message: string) => {
      if (!cancelled) setState({ status: 'error', player: null, message });
    };
    const element = document.createElement('div');
    container.replaceChildren(element);
    loadYouTubeApi(browserScheduler)
      .then((api) => {
        if (cancelled) return null;
        mounted = mountYouTubePlayer({
          api,
          element,
          videoId,
          title: titleRef.current,
          origin: window.location.origin,
          scheduler: browserScheduler,
          onError: fail,
        });
        return mounted.ready;
      })
      .then((player) => {
        if (player && !cancelled) setState({ status: 'ready', player });
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      mounted?.destroy();
      container.replaceChildren();
    };
  }, [containerRef, videoId]);

  return { ...state, renditions: null };
}
