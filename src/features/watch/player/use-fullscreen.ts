import { createContext, useCallback, useContext, useEffect, useState, type RefObject } from 'react';
import { rememberedAfterChange } from './fullscreen';

export interface FullscreenControl {
  /** The browser lets a page element go full screen (not so on iPhone Safari). */
  supported: boolean;
  /** The stage is full screen now. */
  active: boolean;
  /** The stage while it is full screen (for FullscreenStageContext). */
  stage: HTMLElement | undefined;
  /** Enters or leaves full screen; called from a click, which the browser requires. */
  toggle(): void;
}

const supportedHere = (): boolean =>
  typeof document !== 'undefined' &&
  document.fullscreenEnabled === true &&
  typeof HTMLElement.prototype.requestFullscreen === 'function';

/**
 * Full screen for the watch page's stage (the video with the controls under it), remembering in
 * the `fullscreen` preference whether the viewer last watched full screen.
 */
export function useFullscreen(
  stageRef: RefObject<HTMLElement | null>,
  remember: (fullscreen: boolean) => void,
): FullscreenControl {
  const [supported] = useState(supportedHere);
  const [stage, setStage] = useState<HTMLElement | undefined>(undefined);
  useEffect(() => {
    if (!supported) return;
    const onChange = () => {
      const stage = stageRef.current;
      setStage(stage !== null && document.fullscreenElement === stage ? stage : undefined);
      const next = rememberedAfterChange({ fullscreenElement: document.fullscreenElement, stage });
      if (next !== null) remember(next);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [supported, stageRef, remember]);
  const toggle = useCallback(() => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement === stage) {
      void document.exitFullscreen().catch(() => undefined);
    } else {
      // Refused (no gesture, a permissions policy): the page stays as it is, nothing to say.
      void stage.requestFullscreen().catch(() => undefined);
    }
  }, [stageRef]);
  return { supported, active: stage !== undefined, stage, toggle };
}

/**
 * The stage while it is full screen. Only the full-screen element's own subtree is drawn, so the
 * dropdowns and dialogs of the controls on the stage (Mantine portals them to the body) are
 * portalled into the stage then.
 */
export const FullscreenStageContext = createContext<HTMLElement | undefined>(undefined);

/** Where the stage's controls portal their dropdowns and dialogs (undefined: Mantine's default). */
export const usePortalTarget = (): HTMLElement | undefined => useContext(FullscreenStageContext);
