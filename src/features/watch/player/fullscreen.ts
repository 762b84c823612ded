/**
 * The `fullscreen` player preference: whether the viewer last watched full screen. A page may
 * enter full screen only in answer to a gesture, so a page that opens with it remembered offers
 * it rather than forcing it (docs/decisions/0132-fullscreen-and-guest-time.md). Pure decisions;
 * the hook (use-fullscreen.ts) does the DOM.
 */

/** Whether to offer full screen once the viewer is watching. */
export function shouldOfferFullscreen(s: {
  remembered: boolean;
  supported: boolean;
  joined: boolean;
  active: boolean;
  /** The viewer answered the offer on this page (either way). */
  answered: boolean;
  /** Another offer is open (resume): one question at a time. */
  busy: boolean;
}): boolean {
  return s.remembered && s.supported && s.joined && !s.active && !s.answered && !s.busy;
}

/**
 * What to remember after the document's full-screen element changed, or null to leave it as it
 * is. Full screen on our stage: yes. Left while the stage is still on the page: the viewer left
 * it, no. The stage gone (the page is closing or moving on, which ends full screen by itself):
 * unchanged, so the viewer who watched to the end full screen is offered it next time.
 */
export function rememberedAfterChange(s: {
  fullscreenElement: unknown;
  stage: { isConnected: boolean } | null;
}): boolean | null {
  if (s.stage !== null && s.fullscreenElement === s.stage) return true;
  if (s.stage === null || !s.stage.isConnected) return null;
  return false;
}
