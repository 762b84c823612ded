import type { PlayerAdapter } from '../follower-machine';
import type { Scheduler, TimerHandle } from '../time';

export interface FakePlayerOptions {
  /** Time a seek takes before playback resumes and `seeked` fires (ms). */
  seekLatencyMs?: number | (() => number);
  /** Time between play() and the media actually advancing (ms). */
  startLatencyMs?: number;
  /**
   * ...instead, after a seek while paused (ms): Chromium flushes the pipeline on that seek, and the
   * next start moved 50–130 ms late in bench:sync (resting unseeked: within ±20 ms).
   */
  flushedStartLatencyMs?: number;
  /**
   * Time between setting playbackRate and the media advancing at it (ms). Chromium's reads
   * 80–160 ms in bench:sync: the audio already queued at the old rate plays out first.
   */
  rateLatencyMs?: number | (() => number);
  /** play() is refused (autoplay policy) until `allowAutoplay()`. */
  autoplayBlocked?: boolean;
  duration?: number;
}

/**
 * A media element in simulated time: position advances with the scheduler × playbackRate while
 * playing and not buffering; a seek reads the target at once (as a `<video>` does), holds it for
 * the seek latency, then fires `seeked`. Records every command for assertions.
 */
export class FakePlayer implements PlayerAdapter {
  private position = 0;
  private anchor: number;
  private rate = 1;
  private paused = true;
  private buffering = false;
  private seeking = false;
  private starting = false;
  /** Seeked while paused since the last play(). */
  private flushed = false;
  private seekTimer: TimerHandle | undefined;
  private startTimer: TimerHandle | undefined;
  private rateTimer: TimerHandle | undefined;
  /** The rate last set (what the element reports); `rate` is the one the media advances at. */
  private setRate = 1;
  private seekedListeners = new Set<() => void>();
  private blocked: boolean;
  readonly calls: Array<{ at: number; call: 'seek' | 'play' | 'pause' | 'rate'; value?: number }> =
    [];

  constructor(
    private readonly scheduler: Scheduler,
    private readonly options: FakePlayerOptions = {},
  ) {
    this.anchor = scheduler.now();
    this.blocked = options.autoplayBlocked ?? false;
  }

  private advancing(): boolean {
    return !this.paused && !this.buffering && !this.seeking && !this.starting;
  }

  // Folds elapsed time into the position before any state change.
  private settle(): void {
    const now = this.scheduler.now();
    if (this.advancing()) this.position += ((now - this.anchor) / 1000) * this.rate;
    if (this.options.duration !== undefined)
      this.position = Math.min(this.position, this.options.duration);
    this.anchor = now;
  }

  currentTime(): number {
    this.settle();
    return this.position;
  }

  setCurrentTime(seconds: number): void {
    this.settle();
    this.calls.push({ at: this.scheduler.now(), call: 'seek', value: seconds });
    this.position = Math.max(0, seconds);
    if (this.paused) this.flushed = true;
    this.seeking = true;
    if (this.seekTimer !== undefined) this.scheduler.clearTimeout(this.seekTimer);
    const latency =
      typeof this.options.seekLatencyMs === 'function'
        ? this.options.seekLatencyMs()
        : (this.options.seekLatencyMs ?? 0);
    this.seekTimer = this.scheduler.setTimeout(() => {
      this.settle();
      this.seeking = false;
      this.seekTimer = undefined;
      for (const l of this.seekedListeners) l();
    }, latency);
  }

  play(): Promise<void> {
    this.calls.push({ at: this.scheduler.now(), call: 'play' });
    if (this.blocked) return Promise.reject(new Error('NotAllowedError'));
    if (!this.paused) return Promise.resolve();
    this.settle();
    this.paused = false;
    const latency =
      this.flushed && this.options.flushedStartLatencyMs !== undefined
        ? this.options.flushedStartLatencyMs
        : (this.options.startLatencyMs ?? 0);
    this.flushed = false;
    if (latency > 0) {
      this.starting = true;
      this.startTimer = this.scheduler.setTimeout(() => {
        this.settle();
        this.starting = false;
      }, latency);
    }
    return Promise.resolve();
  }

  pause(): void {
    this.calls.push({ at: this.scheduler.now(), call: 'pause' });
    this.settle();
    this.paused = true;
    this.starting = false;
    if (this.startTimer !== undefined) this.scheduler.clearTimeout(this.startTimer);
  }

  isPaused(): boolean {
    return this.paused;
  }

  setPlaybackRate(rate: number): void {
    this.calls.push({ at: this.scheduler.now(), call: 'rate', value: rate });
    this.setRate = rate;
    const latency =
      typeof this.options.rateLatencyMs === 'function'
        ? this.options.rateLatencyMs()
        : (this.options.rateLatencyMs ?? 0);
    if (latency <= 0) {
      this.settle();
      this.rate = rate;
      return;
    }
    if (this.rateTimer !== undefined) this.scheduler.clearTimeout(this.rateTimer);
    this.rateTimer = this.scheduler.setTimeout(() => {
      this.settle();
      this.rate = rate;
      this.rateTimer = undefined;
    }, latency);
  }

  /** The rate last set, as the element reports it (the media may still advance at the old one). */
  playbackRate(): number {
    return this.setRate;
  }

  isBuffering(): boolean {
    return this.buffering;
  }

  duration(): number {
    return this.options.duration ?? Infinity;
  }

  /** Starts or ends a stall: position stops advancing while buffering. */
  setBuffering(buffering: boolean): void {
    this.settle();
    this.buffering = buffering;
  }

  /** Moves the media position without a seek (a hiccup, a frame drop). */
  jump(seconds: number): void {
    this.settle();
    this.position = Math.max(0, this.position + seconds);
  }

  allowAutoplay(): void {
    this.blocked = false;
  }

  onSeeked(listener: () => void): () => void {
    this.seekedListeners.add(listener);
    return () => this.seekedListeners.delete(listener);
  }

  /** How many times a command was issued. */
  count(call: 'seek' | 'play' | 'pause' | 'rate'): number {
    return this.calls.filter((c) => c.call === call).length;
  }
}
