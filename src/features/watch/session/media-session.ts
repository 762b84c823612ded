/**
 * Media Session handlers for a follower (issue 27): a pupil's lock-screen, headphone or keyboard
 * media key would otherwise pause or seek the video by itself, and the player would drift from the
 * class without a word. With a handler set the browser does not act on its own; the follower's
 * next tick puts the player back where the room is, and the page may say why (`onRefused`).
 * The lock screen shows the room's state, not the player's.
 */

/** The part of `navigator.mediaSession` used here (a stand-in in tests). */
export interface MediaSessionLike {
  playbackState: 'none' | 'paused' | 'playing';
  setActionHandler(action: string, handler: ((details: unknown) => void) | null): void;
}

/** The actions a viewer can take from outside the page. */
export const FOLLOWER_MEDIA_ACTIONS = [
  'play',
  'pause',
  'stop',
  'seekto',
  'seekbackward',
  'seekforward',
  'previoustrack',
  'nexttrack',
] as const;

export const mediaSessionOf = (nav: unknown = globalThis.navigator): MediaSessionLike | null => {
  const session = (nav as { mediaSession?: MediaSessionLike } | undefined)?.mediaSession;
  return session && typeof session.setActionHandler === 'function' ? session : null;
};

/**
 * Binds the follower's handlers; returns their removal. `realign` runs the follower at once;
 * `roomPlaying` reads the room's state for the lock screen.
 */
export function bindFollowerMediaSession(
  session: MediaSessionLike | null,
  {
    realign,
    roomPlaying,
    onRefused,
  }: { realign(): void; roomPlaying(): boolean; onRefused?(action: string): void },
): () => void {
  if (!session) return () => undefined;
  const set = (action: string, handler: ((details: unknown) => void) | null) => {
    // A browser that does not know an action throws: that action simply stays its own.
    try {
      session.setActionHandler(action, handler);
    } catch {
      // not supported here
    }
  };
  for (const action of FOLLOWER_MEDIA_ACTIONS) {
    set(action, () => {
      session.playbackState = roomPlaying() ? 'playing' : 'paused';
      onRefused?.(action);
      realign();
    });
  }
  session.playbackState = roomPlaying() ? 'playing' : 'paused';
  return () => {
    for (const action of FOLLOWER_MEDIA_ACTIONS) set(action, null);
    session.playbackState = 'none';
  };
}
