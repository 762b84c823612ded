import { useEffect, type RefObject } from 'react';
import type { PlayerPreferences } from '@/contracts/entities';

/** Shows the `<track>` of the chosen subtitle language and hides the others ('off': none). */
export function useCaptionMode(
  videoRef: RefObject<HTMLVideoElement | null>,
  lang: PlayerPreferences['subtitleLang'],
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const apply = () => {
      for (const track of Array.from(video.textTracks)) {
        track.mode = track.language === lang ? 'showing' : 'disabled';
      }
    };
    apply();
    // hls.js and the browser add tracks as they load; keep the choice applied to late ones.
    video.textTracks.addEventListener('addtrack', apply);
    return () => video.textTracks.removeEventListener('addtrack', apply);
  }, [videoRef, lang]);
}
