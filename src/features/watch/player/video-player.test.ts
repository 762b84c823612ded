import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVideoPlayer } from './video-player';

/** Just enough of a `<video>` for the warm-up: it moves `step` s as soon as it plays. */
const fakeVideo = (step: number) => {
  const seeks: number[] = [];
  let position = 0;
  const video = {
    paused: true,
    muted: false,
    readyState: 4,
    ended: false,
    get currentTime() {
      return position;
    },
    set currentTime(s: number) {
      seeks.push(s);
      position = s;
    },
    play() {
      video.paused = false;
      position += step;
      return Promise.resolve();
    },
    pause() {
      video.paused = true;
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  return { video, seeks };
};

describe('the join-tap warm-up', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the player paused where it got to, unseeked, and restores the sound setting', async () => {
    // bench:sync 06:45: every viewer the warm-up had put back at 0 (a seek while paused, which
    // flushes Chromium's pipeline) started the first play 49–130 ms late; the follower starts a
    // player resting within 50 ms from where it rests, and puts one further off in place itself.
    vi.stubGlobal('window', { setTimeout });
    const { video, seeks } = fakeVideo(0.03);
    const player = createVideoPlayer(video as unknown as HTMLVideoElement);
    await player.warmUp();
    expect(video.paused).toBe(true);
    expect(video.muted).toBe(false);
    expect(seeks).toEqual([]);
    expect(player.currentTime()).toBeCloseTo(0.03, 9);
  });
});
