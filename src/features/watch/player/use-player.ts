import { useEffect, useRef, useState, type RefObject } from 'react';
import type { QualityChoice } from './quality';
import type { LoadedSource } from './load-source';
import { deviceFollowerConfig } from './device-profile';
import { playerPreferences } from './preferences';
import { createVideoPlayer, type VideoPlayer } from './video-player';

export type PlayerState =
  | { status: 'loading'; player: null }
  | { status: 'ready'; player: VideoPlayer }
  | { status: 'error'; player: null; message: string };

/**
 * Loads the HLS source into the page's `<video>` (hls.js is fetched on demand) and hands back the
 * player adapter. Changing the quality switches the rendition without reloading the source.
 */
export function usePlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string | null,
  quality: QualityChoice,
): PlayerState & { renditions: number | null } {
  const [state, setState] = useState<PlayerState>({ status: 'loading', player: null });
  // How many renditions the source offers; null until its playlist is read.
  const [renditions, setRenditions] = useState<number | null>(null);
  const source = useRef<LoadedSource | null>(null);
  const initialQuality = useRef(quality);
  initialQuality.current = quality;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    let cancelled = false;
    const player = createVideoPlayer(
      video,
      deviceFollowerConfig(playerPreferences.get().syncProfile),
    );
    setState({ status: 'loading', player: null });
    setRenditions(null);
    const fail = (message: string) => {
      if (!cancelled) setState({ status: 'error', player: null, message });
    };
    import('./load-source')
      .then(({ loadSource }) =>
        loadSource(video, src, initialQuality.current, fail, (count) => {
          if (!cancelled) setRenditions(count);
        }),
      )
      .then((loaded) => {
        if (cancelled) {
          loaded.destroy();
          return;
        }
        source.current = loaded;
        setState({ status: 'ready', player });
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    return () => {
      cancelled = true;
      source.current?.destroy();
      source.current = null;
      player.dispose();
    };
  }, [videoRef, src]);

  useEffect(() => {
    source.current?.setQuality(quality);
  }, [quality]);

  return { ...state, renditions };
}
