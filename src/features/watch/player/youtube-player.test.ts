import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { RoomModel, StreamCommand } from '@/contracts/stream';
import { createFollower, expectedPosition, initialRoomModel, reduceRoom } from '@/engine';
import { hostEvent, playback } from '@/engine/testing/events';
import { SimScheduler } from '@/engine/testing/sim-scheduler';
import type { VideoPlayer } from './video-player';
import {
  YT_DEFAULT_RATES,
  YT_STATE,
  type YtEvents,
  type YtPlayer,
  type YtPlayerOptions,
} from './youtube-api';
import {
  SEEK_GIVE_UP_MS,
  SEEK_POLL_MS,
  mountYouTubePlayer,
  youTubeRate,
  type MountedYouTube,
} from './youtube-player';

/*
 * The adapter's contract, tested against a fake of the IFrame API's YT.Player: there is no network
 * to YouTube here, so nothing in this file talks to the real player.
 */

interface FakeOptions {
  /** How long a command takes to reach the iframe and its state to come back (ms). */
  latencyMs?: number;
  /** How long a seek buffers before playing or pausing again (ms); 0: no buffering reported. */
  seekBufferMs?: number;
  /** playVideo() is refused by the autoplay policy (onAutoplayBlocked) while muted is false. */
  autoplayBlocked?: boolean;
  duration?: number;
}

/**
 * A YT.Player in simulated time. Commands reach the "iframe" after `latencyMs`; it then reports
 * its state as the real player does (PLAYING, PAUSED, BUFFERING then PLAYING or PAUSED after a
 * seek, onPlaybackRateChange); the position advances with the clock × rate while PLAYING.
 * seekTo plays a video that is not paused, as the IFrame API reference says.
 */
class FakeYtPlayer implements YtPlayer {
  readonly calls: Array<{ name: string; args: unknown[] }> = [];
  state: number = YT_STATE.UNSTARTED;
  rates: number[] = [...YT_DEFAULT_RATES];
  readonly iframe = { title: '' };
  destroyed = false;
  muted = false;
  private position = 0;
  private anchor: number;
  private rate = 1;

  constructor(
    private readonly sim: SimScheduler,
    readonly element: HTMLElement,
    readonly options: YtPlayerOptions,
    private readonly fake: FakeOptions,
  ) {
    this.anchor = sim.now();
  }

  private fold() {
    const now = this.sim.now();
    if (this.state === YT_STATE.PLAYING) this.position += ((now - this.anchor) / 1000) * this.rate;
    if (this.fake.duration !== undefined && this.position >= this.fake.duration) {
      this.position = this.fake.duration;
      if (this.state === YT_STATE.PLAYING) this.report(YT_STATE.ENDED);
    }
    this.anchor = now;
  }

  private later(run: () => void, ms = this.fake.latencyMs ?? 0) {
    this.sim.setTimeout(() => {
      if (!this.destroyed) run();
    }, ms);
  }

  fire(name: keyof YtEvents, data?: unknown) {
    this.options.events[name]({ data });
  }

  report(state: number) {
    this.fold();
    this.state = state;
    this.fire('onStateChange', state);
  }

  /** Moves the media without a command (a hiccup). */
  jump(seconds: number) {
    this.fold();
    this.position += seconds;
  }

  private record(name: string, ...args: unknown[]) {
    this.calls.push({ name, args });
  }

  count(name: string): number {
    return this.calls.filter((c) => c.name === name).length;
  }

  playVideo() {
    this.record('playVideo');
    this.later(() => {
      if (this.fake.autoplayBlocked && !this.muted) this.fire('onAutoplayBlocked');
      else if (this.state !== YT_STATE.PLAYING) this.report(YT_STATE.PLAYING);
    });
  }
  pauseVideo() {
    this.record('pauseVideo');
    this.later(() => {
      if (this.state !== YT_STATE.PAUSED) this.report(YT_STATE.PAUSED);
    });
  }
  seekTo(seconds: number, allowSeekAhead: boolean) {
    this.record('seekTo', seconds, allowSeekAhead);
    this.later(() => {
      const stays = this.state === YT_STATE.PAUSED ? YT_STATE.PAUSED : YT_STATE.PLAYING;
      this.fold();
      this.position = seconds;
      const buffer = this.fake.seekBufferMs ?? 0;
      if (buffer === 0) {
        if (this.state !== stays) this.report(stays);
        return;
      }
      this.report(YT_STATE.BUFFERING);
      this.later(() => this.report(stays), buffer);
    });
  }
  getCurrentTime() {
    this.fold();
    return this.position;
  }
  getDuration() {
    return this.fake.duration ?? 0;
  }
  getPlayerState() {
    return this.state;
  }
  setPlaybackRate(rate: number) {
    this.record('setPlaybackRate', rate);
    this.later(() => {
      this.fold();
      this.rate = rate;
      this.fire('onPlaybackRateChange', rate);
    });
  }
  getAvailablePlaybackRates() {
    return this.rates;
  }
  mute() {
    this.record('mute');
    this.muted = true;
  }
  unMute() {
    this.record('unMute');
    this.muted = false;
  }
  setVolume(volume: number) {
    this.record('setVolume', volume);
  }
  getIframe() {
    return this.iframe;
  }
  destroy() {
    this.record('destroy');
    this.destroyed = true;
  }
}

const ELEMENT = {} as HTMLElement;

/** Mounts the adapter on a fake YT.Player; `ready()` fires onReady and returns the adapter. */
const mount = (fake: FakeOptions = {}) => {
  const sim = new SimScheduler();
  const players: FakeYtPlayer[] = [];
  const errors: string[] = [];
  const api = {
    Player: class extends FakeYtPlayer {
      constructor(element: HTMLElement, options: YtPlayerOptions) {
        super(sim, element, options, fake);
        players.push(this);
      }
    },
  };
  const mounted: MountedYouTube = mountYouTubePlayer({
    api,
    element: ELEMENT,
    videoId: 'dQw4w9WgXcQ',
    title: 'Ocean video',
    origin: 'https://tomoni.example',
    scheduler: sim,
    onError: (message) => errors.push(message),
  });
  const yt = players[0];
  if (!yt) throw new Error('no player was created');
  const ready = async (): Promise<VideoPlayer> => {
    yt.fire('onReady');
    return mounted.ready;
  };
  return { sim, yt, mounted, ready, errors };
};

/** Lets settled promises run their callbacks. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('youTubeRate: the rates YouTube allows', () => {
  it('keeps an offered rate and rounds any other toward 1, as the IFrame player does', () => {
    expect(youTubeRate(1.5, YT_DEFAULT_RATES)).toBe(1.5);
    expect(youTubeRate(1.1, YT_DEFAULT_RATES)).toBe(1);
    expect(youTubeRate(1.3, YT_DEFAULT_RATES)).toBe(1.25);
    expect(youTubeRate(0.9, YT_DEFAULT_RATES)).toBe(1);
    expect(youTubeRate(0.6, YT_DEFAULT_RATES)).toBe(0.75);
    expect(youTubeRate(4, YT_DEFAULT_RATES)).toBe(2);
    expect(youTubeRate(0.1, YT_DEFAULT_RATES)).toBe(0.25);
  });

  it('uses the usual list while the player lists none, and a short list as given', () => {
    expect(youTubeRate(1.75, [])).toBe(1.75);
    expect(youTubeRate(2, [1])).toBe(1);
  });
});

describe('the YouTube adapter (against a fake YT.Player)', () => {
  it('creates the player in the element: no controls, privacy-enhanced host, this origin', async () => {
    const { yt, ready } = mount();
    expect(yt.element).toBe(ELEMENT);
    expect(yt.options.videoId).toBe('dQw4w9WgXcQ');
    expect(yt.options.host).toBe('https://www.youtube-nocookie.com');
    expect(yt.options.playerVars).toMatchObject({
      controls: 0,
      disablekb: 1,
      autoplay: 0,
      playsinline: 1,
      origin: 'https://tomoni.example',
    });
    await ready();
    expect(yt.iframe.title).toBe('Ocean video');
  });

  it('hands the adapter over only once the player is ready', async () => {
    const { mounted, yt } = mount();
    let handed = false;
    void mounted.ready.then(() => {
      handed = true;
    });
    await flush();
    expect(handed).toBe(false);
    yt.fire('onReady');
    await flush();
    expect(handed).toBe(true);
  });

  it('passes play, pause, seek, rate, volume and mute on to the player', async () => {
    const { yt, ready } = mount();
    const player = await ready();
    void player.play();
    expect(player.isPaused()).toBe(false);
    player.pause();
    expect(player.isPaused()).toBe(true);
    player.setCurrentTime(12.5);
    player.setPlaybackRate(1.5);
    player.setVolume(0.5);
    player.setMuted(true);
    expect(player.isMuted()).toBe(true);
    player.setMuted(false);
    expect(yt.calls.map((c) => [c.name, ...c.args])).toEqual([
      ['playVideo'],
      ['pauseVideo'],
      ['seekTo', 12.5, true],
      // Not yet reported PAUSED: seekTo would start a video that is not paused.
      ['pauseVideo'],
      ['setPlaybackRate', 1.5],
      ['setVolume', 50],
      ['mute'],
      ['unMute'],
    ]);
  });

  it('asks YouTube only for rates it offers, and only when the rate changes', async () => {
    const { yt, sim, ready } = mount();
    const player = await ready();
    player.setPlaybackRate(1.1); // a follower's nudge: YouTube would play it at 1
    player.setPlaybackRate(1);
    expect(yt.count('setPlaybackRate')).toBe(0);
    player.setPlaybackRate(4);
    sim.advance(0);
    player.setPlaybackRate(2);
    expect(yt.calls.filter((c) => c.name === 'setPlaybackRate').map((c) => c.args[0])).toEqual([2]);
  });

  it('follows the rate the player reports (onPlaybackRateChange)', async () => {
    const { yt, ready } = mount();
    const player = await ready();
    let changes = 0;
    player.onChange(() => changes++);
    yt.fire('onPlaybackRateChange', 1.25);
    expect(changes).toBe(1);
    // Already at 1.25: asking for it again sends nothing.
    player.setPlaybackRate(1.25);
    expect(yt.count('setPlaybackRate')).toBe(0);
    yt.fire('onPlaybackRateChange', 'fast');
    expect(changes).toBe(1);
  });

  it('reads paused, buffering and ended from the player state, and ignores unknown states', async () => {
    const { yt, ready } = mount();
    const player = await ready();
    let changes = 0;
    player.onChange(() => changes++);
    yt.report(YT_STATE.PLAYING);
    expect(player.isPaused()).toBe(false);
    expect(player.isBuffering()).toBe(false);
    yt.report(YT_STATE.BUFFERING);
    expect(player.isPaused()).toBe(false);
    expect(player.isBuffering()).toBe(true);
    yt.report(YT_STATE.ENDED);
    expect(player.isPaused()).toBe(true);
    expect(player.isBuffering()).toBe(false);
    yt.report(YT_STATE.PLAYING);
    yt.report(YT_STATE.PAUSED);
    expect(player.isPaused()).toBe(true);
    expect(changes).toBe(5);
    yt.fire('onStateChange', 4);
    yt.fire('onStateChange', 'playing');
    expect(changes).toBe(5);
    expect(player.isPaused()).toBe(true);
  });

  it('resolves play() when the player plays, and settles an interrupted one', async () => {
    const { sim, ready } = mount({ latencyMs: 30 });
    const player = await ready();
    let played = false;
    void player.play()?.then(() => {
      played = true;
    });
    sim.advance(10);
    await flush();
    expect(played).toBe(false);
    sim.advance(30);
    await flush();
    expect(played).toBe(true);

    const interrupted = player.play();
    player.pause();
    await expect(interrupted).resolves.toBeUndefined();
  });

  it('rejects play() when the browser blocks autoplay, so the page can fall back to muted', async () => {
    const { sim, ready } = mount({ autoplayBlocked: true });
    const player = await ready();
    const refused = player.play();
    sim.advance(0);
    await expect(refused).rejects.toThrow(/autoplay/i);
    expect(player.isPaused()).toBe(true);
    player.setMuted(true);
    const muted = player.play();
    sim.advance(0);
    await expect(muted).resolves.toBeUndefined();
    expect(player.isPaused()).toBe(false);
  });

  it('reads currentTime and duration from the player (NaN until the duration is known)', async () => {
    const { yt, sim, ready } = mount({ duration: 120 });
    const player = await ready();
    expect(player.duration()).toBe(120);
    void player.play();
    sim.advance(0);
    sim.advance(2000);
    expect(player.currentTime()).toBeCloseTo(2, 9);
    yt.jump(3);
    expect(player.currentTime()).toBeCloseTo(5, 9);
    expect((await mount().ready()).duration()).toBeNaN();
  });

  it('reports seeked once a seek has buffered and the player reports its state again', async () => {
    const { sim, ready } = mount({ latencyMs: 20, seekBufferMs: 200 });
    const player = await ready();
    void player.play();
    sim.advance(20);
    let seeked = 0;
    player.onSeeked(() => seeked++);
    const at = sim.now();
    player.setCurrentTime(40);
    sim.advance(100);
    expect(seeked).toBe(0);
    expect(player.isBuffering()).toBe(true);
    sim.advance(120);
    expect(seeked).toBe(1);
    expect(sim.now() - at).toBeGreaterThanOrEqual(220);
    expect(player.currentTime()).toBeCloseTo(40, 9);
    sim.advance(SEEK_GIVE_UP_MS);
    expect(seeked).toBe(1);
  });

  it('reports seeked for a seek that reports no state, once the position reads at the target', async () => {
    // Within buffered data the player may seek without a BUFFERING report: the position tells.
    const { yt, sim, ready } = mount({ latencyMs: 70 });
    const player = await ready();
    yt.report(YT_STATE.PAUSED);
    let seeked = 0;
    player.onSeeked(() => seeked++);
    player.setCurrentTime(8);
    expect(yt.count('pauseVideo')).toBe(0);
    // Read every 50 ms: at 50 it still reads 0, at 100 it reads 8 (the seek took 70).
    sim.advance(2 * SEEK_POLL_MS - 1);
    expect(seeked).toBe(0);
    sim.advance(1);
    expect(seeked).toBe(1);
    expect(player.isPaused()).toBe(true);

    // Playing: landed once it reads from the target on, not while it still reads before it.
    void player.play();
    sim.advance(70);
    player.setCurrentTime(30);
    sim.advance(2 * SEEK_POLL_MS - 1);
    expect(seeked).toBe(1);
    sim.advance(1);
    expect(seeked).toBe(2);
    expect(player.currentTime()).toBeGreaterThan(30);
  });

  it('gives a seek that never lands up without seeked, and stops reading the position', async () => {
    const { yt, sim, ready } = mount();
    const player = await ready();
    let seeked = 0;
    player.onSeeked(() => seeked++);
    // The player never moves: a seekTo that goes nowhere.
    yt.seekTo = (seconds, allow) => yt.calls.push({ name: 'seekTo', args: [seconds, allow] });
    player.setCurrentTime(30);
    sim.advance(SEEK_GIVE_UP_MS + 2 * SEEK_POLL_MS);
    expect(seeked).toBe(0);
    expect(sim.pending).toBe(0);
  });

  it('keeps a never-started video paused when the room puts it in place', async () => {
    const { yt, sim, ready } = mount();
    const player = await ready();
    yt.report(YT_STATE.CUED);
    player.setCurrentTime(15);
    sim.advance(100);
    expect(yt.state).toBe(YT_STATE.PAUSED);
    expect(player.isPaused()).toBe(true);
    expect(player.currentTime()).toBe(15);
  });

  it('warms up muted, leaves the player paused where it got to, unseeked, sound restored', async () => {
    const { yt, sim, ready } = mount({ latencyMs: 40 });
    const player = await ready();
    const warm = player.warmUp();
    for (let i = 0; i < 20; i++) {
      sim.advance(20);
      await flush();
    }
    await warm;
    sim.advance(100);
    expect(player.isPaused()).toBe(true);
    expect(player.isMuted()).toBe(false);
    expect(yt.count('seekTo')).toBe(0);
    expect(yt.calls.map((c) => c.name)).toEqual(['mute', 'playVideo', 'pauseVideo', 'unMute']);
    expect(player.currentTime()).toBeGreaterThan(0);
  });

  it('fails the mount when the player refuses the video before it is ready', async () => {
    const { yt, mounted } = mount();
    yt.fire('onError', 150);
    await expect(mounted.ready).rejects.toThrow(/embedded/);
  });

  it('reports an error after ready to the page', async () => {
    const { yt, ready, errors } = mount();
    await ready();
    yt.fire('onError', 100);
    yt.fire('onError', 999);
    expect(errors).toEqual([
      'The YouTube video was removed or is private',
      'YouTube player error 999',
    ]);
  });

  it('cleans up on dispose: destroys the player, ends timers, ignores late events', async () => {
    const { yt, sim, ready } = mount({ seekBufferMs: 100 });
    const player = await ready();
    let changes = 0;
    let seeked = 0;
    player.onChange(() => changes++);
    player.onSeeked(() => seeked++);
    const pending = player.play();
    player.setCurrentTime(10);
    changes = 0;
    player.dispose();
    expect(yt.count('destroy')).toBe(1);
    await expect(pending).resolves.toBeUndefined();
    sim.advance(1000);
    expect(sim.pending).toBe(0);
    yt.fire('onStateChange', YT_STATE.PLAYING);
    yt.fire('onPlaybackRateChange', 2);
    expect(changes).toBe(0);
    expect(seeked).toBe(0);
    player.play();
    player.setCurrentTime(3);
    expect(yt.count('playVideo')).toBe(1);
    expect(yt.count('seekTo')).toBe(1);
    player.dispose();
    expect(yt.count('destroy')).toBe(1);
  });

  it('destroys a player removed before it was ready', async () => {
    const { yt, mounted } = mount();
    mounted.destroy();
    await expect(mounted.ready).rejects.toThrow(/removed/);
    expect(yt.count('destroy')).toBe(1);
  });

  it('asks the follower to correct it without rate nudges (YouTube has none)', async () => {
    const player = await mount().ready();
    expect(player.followerConfig).toEqual({ maxNudge: 0 });
  });
});

describe('the follower drives the YouTube adapter', () => {
  const S = 'room';

  const harness = async () => {
    const fake = mount({ latencyMs: 30, seekBufferMs: 250, duration: 600 });
    const player = await fake.ready();
    const model$ = new BehaviorSubject<RoomModel>(initialRoomModel(S));
    const follower = createFollower({
      player,
      clock: { serverNow: () => fake.sim.now() },
      model$,
      scheduler: fake.sim,
      config: player.followerConfig,
    });
    let seq = 0;
    const host = (make: (now: number) => StreamCommand) => {
      const m = model$.value;
      model$.next(
        reduceRoom(
          m,
          hostEvent(S, ++seq, fake.sim.now(), make(fake.sim.now()), m.playback.effectiveAt),
        ),
      );
    };
    const drift = () => player.currentTime() - expectedPosition(model$.value, fake.sim.now());
    const run = async (ms: number) => {
      for (let t = 0; t < ms; t += 50) {
        fake.sim.advance(50);
        await flush();
      }
    };
    return { ...fake, player, follower, host, drift, run };
  };

  it('plays, skips, changes rate and pauses with the room, through the iframe events', async () => {
    const h = await harness();
    const statuses: number[] = [];
    h.follower.status$.subscribe((s) => statuses.push(s.seekLatencyMs));

    h.host((now) => playback('play', 0, now + 300));
    await h.run(3000);
    expect(h.player.isPaused()).toBe(false);
    expect(Math.abs(h.drift())).toBeLessThan(0.2);

    h.host((now) => playback('skip', 120, now + 300, { status: 'playing' }));
    await h.run(4000);
    expect(h.yt.count('seekTo')).toBeGreaterThanOrEqual(1);
    expect(Math.abs(h.drift())).toBeLessThan(0.2);
    // The seek was reported landed (seeked), so the follower measured its latency.
    expect(statuses.at(-1)).not.toBe(statuses[0]);

    h.host((now) =>
      playback('rateChange', h.player.currentTime() + 0.3, now + 300, {
        rate: 1.5,
        status: 'playing',
      }),
    );
    await h.run(4000);
    expect(Math.abs(h.drift())).toBeLessThan(0.2);

    h.host((now) => playback('pause', h.player.currentTime() + 0.3, now + 300));
    await h.run(2000);
    expect(h.player.isPaused()).toBe(true);
    expect(Math.abs(h.drift())).toBeLessThan(0.2);

    const rates = h.yt.calls.filter((c) => c.name === 'setPlaybackRate').map((c) => c.args[0]);
    expect(rates).toContain(1.5);
    for (const rate of rates) expect(YT_DEFAULT_RATES).toContain(rate);
    h.follower.stop();
  });

  it('seeks a player that fell behind back onto the timeline (no nudge)', async () => {
    const h = await harness();
    h.host((now) => playback('play', 0, now + 300));
    await h.run(3000);
    const seeks = h.yt.count('seekTo');
    h.yt.jump(-0.5);
    await h.run(3000);
    expect(h.yt.count('seekTo')).toBeGreaterThan(seeks);
    expect(Math.abs(h.drift())).toBeLessThan(0.2);
    h.follower.stop();
  });
});
