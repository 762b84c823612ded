import { useCallback, useRef, useState } from 'react';
import { shouldOfferFullscreen } from './fullscreen';
import { useFullscreen } from './use-fullscreen';

/**
 * The stage (video and the controls under it) full screen, and the offer to go full screen again
 * for a viewer who chose it before (the `fullscreen` preference: offered, never forced).
 */
export function useFullscreenOffer({
  remembered,
  joined,
  remember,
}: {
  remembered: boolean;
  joined: boolean;
  remember: (fullscreen: boolean) => void;
}) {
  const stageRef = useRef<HTMLDivElement | null>(null);
  const fullscreen = useFullscreen(stageRef, remember);
  const [answered, setAnswered] = useState(false);
  const offer = shouldOfferFullscreen({
    remembered,
    supported: fullscreen.supported,
    joined,
    active: fullscreen.active,
    answered,
    busy: false,
  });
  const accept = useCallback(() => {
    setAnswered(true);
    fullscreen.toggle();
  }, [fullscreen]);
  const decline = useCallback(() => {
    setAnswered(true);
    remember(false);
  }, [remember]);
  return { stageRef, fullscreen, offer, accept, decline };
}
