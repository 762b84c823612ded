import type { PlayerAdapter } from '../follower-machine';
import type { Scheduler, TimerHandle } from '../time';

export interface FakePlayerOptions {
  /** Time a seek takes before playback resumes and `seeked` fires (ms). */
  seekLatencyMs?: number | (() => number);
  /** Time between play() and the media actually advancing (ms). */
  startLatencyMs?: number;
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
  private seekTimer: TimerHandle | undefined;
  private startTimer: TimerHandle | undefined;
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
    const latency = this.options.startLatencyMs ?? 0;
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
    this.settle();
    this.rate = rate;
  }

  playbackRate(): number {
    return this.rate;
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
