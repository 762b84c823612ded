import { describe, expect, it, vi } from 'vitest';
import {
  bindFollowerMediaSession,
  FOLLOWER_MEDIA_ACTIONS,
  mediaSessionOf,
  type MediaSessionLike,
} from './media-session';

const fakeSession = (unsupported: string[] = []) => {
  const handlers = new Map<string, ((details: unknown) => void) | null>();
  const session: MediaSessionLike = {
    playbackState: 'none',
    setActionHandler: (action, handler) => {
      if (unsupported.includes(action)) throw new TypeError(`${action} is not supported`);
      handlers.set(action, handler);
    },
  };
  return { session, handlers };
};

describe('a follower’s Media Session (issue 27)', () => {
  it('turns a lock-screen pause or seek into a realignment with the room, never a drift', () => {
    const { session, handlers } = fakeSession();
    const realign = vi.fn();
    const refused: string[] = [];
    let playing = true;
    const unbind = bindFollowerMediaSession(session, {
      realign,
      roomPlaying: () => playing,
      onRefused: (a) => refused.push(a),
    });
    expect(session.playbackState).toBe('playing');
    for (const action of FOLLOWER_MEDIA_ACTIONS)
      expect(handlers.get(action)).toBeTypeOf('function');

    handlers.get('pause')!(undefined);
    handlers.get('seekto')!({ seekTime: 12 });
    expect(realign).toHaveBeenCalledTimes(2);
    expect(refused).toEqual(['pause', 'seekto']);
    // The lock screen shows the room: still playing after a refused pause.
    expect(session.playbackState).toBe('playing');
    playing = false;
    handlers.get('play')!(undefined);
    expect(session.playbackState).toBe('paused');

    unbind();
    for (const action of FOLLOWER_MEDIA_ACTIONS) expect(handlers.get(action)).toBeNull();
    expect(session.playbackState).toBe('none');
  });

  it('leaves an action the browser does not know to the browser, and binds the rest', () => {
    const { session, handlers } = fakeSession(['previoustrack', 'nexttrack']);
    bindFollowerMediaSession(session, { realign: () => undefined, roomPlaying: () => false });
    expect(handlers.has('previoustrack')).toBe(false);
    expect(handlers.get('pause')).toBeTypeOf('function');
  });

  it('does nothing where there is no Media Session', () => {
    expect(mediaSessionOf({})).toBeNull();
    expect(mediaSessionOf(undefined)).toBeNull();
    expect(() =>
      bindFollowerMediaSession(null, { realign: () => undefined, roomPlaying: () => true })(),
    ).not.toThrow();
  });
});
