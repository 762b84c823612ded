import { levelFor, type QualityChoice } from './quality';

/** A loaded source; `destroy` detaches it from the element. */
export interface LoadedSource {
  setQuality(choice: QualityChoice): void;
  destroy(): void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Loads an HLS playlist into a `<video>`. hls.js is imported on demand, so pages without a player
 * never download it; where Media Source Extensions are missing (iOS Safari) the element plays HLS
 * natively and the quality choice is left to it.
 */
export async function loadSource(
  video: HTMLVideoElement,
  src: string,
  quality: QualityChoice,
  onFatal: (message: string) => void,
  /** How many renditions the viewer can choose from (1: only the automatic choice). */
  onRenditions: (count: number) => void = () => undefined,
): Promise<LoadedSource> {
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) {
    if (video.canPlayType(HLS_MIME)) {
      video.src = src;
      // The browser picks the rendition itself: automatic is the only choice.
      onRenditions(1);
      return {
        setQuality: () => undefined,
        destroy: () => {
          video.removeAttribute('src');
          video.load();
        },
      };
    }
    throw new Error('HLS is not supported in this browser');
  }
  // A fixed quality starts on its rendition; adaptive starts low and climbs (fast first frame).
  const hls = new Hls({ capLevelToPlayerSize: quality === 'auto', startLevel: -1 });
  let choice = quality;
  const apply = () => {
    const level = levelFor(
      choice,
      hls.levels.map((l) => l.bitrate),
    );
    hls.currentLevel = level;
    if (level >= 0) hls.loadLevel = level;
  };
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    apply();
    onRenditions(hls.levels.length);
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // The usual recoveries of hls.js: a network error reloads, a media error re-attaches.
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
    else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else onFatal(data.details);
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return {
    setQuality: (next) => {
      choice = next;
      if (hls.levels.length > 0) apply();
    },
    destroy: () => hls.destroy(),
  };
}
