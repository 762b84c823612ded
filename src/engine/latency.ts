/**
 * The player's latencies, measured on the player itself (issue 28: out of the follower, which
 * reads them as one `latencies` object). Each estimator is pure bookkeeping over readings the
 * follower hands it: no player, no clock, no timer, so each is tested on its own.
 */

/** One look at the player (times in scheduler ms, positions in seconds). */
export interface PlayerReading {
  now: number;
  position: number;
  paused: boolean;
  buffering: boolean;
  /** A seek is under way: a position read now says nothing about a start or a rate. */
  seeking: boolean;
  /** The rate the follower last set on the player. */
  rate: number;
}

/** Seek latency assumed before the first seek has been measured (ms). */
export const INITIAL_SEEK_LATENCY_MS = 300;
/** A resume-latency sample above this is a stall, not a restart (ms); the estimate ignores it. */
const MAX_RESUME_LATENCY_MS = 500;
/**
 * How late a start moves after the follower put the paused player in place by a seek (ms), until
 * measured on the player itself: Chromium flushes its pipeline on a seek while paused, and the
 * next start moved 50–130 ms late in bench:sync (78 and 83 ms on the second play).
 */
export const FLUSHED_START_PRIOR_MS = 70;
/**
 * A rate change's latency is measured only on a step at least this large (a smaller one leaves
 * the position difference within the reading's noise).
 */
const RATE_PROBE_MIN_STEP = 0.1;
/** ...and read this long after it, at the earliest (ms). */
const RATE_PROBE_MIN_MS = 100;
/** A sample this far below 0 (ms) is the reading's noise, not a negative latency. */
const RATE_PROBE_SLACK_MS = 20;
/** The longest rate latency the follower compensates (ms); a longer sample is a stall. */
const MAX_RATE_LATENCY_MS = 200;
/**
 * The estimate is the median of this many latest samples: Chromium's latency varies from step to
 * step (26–160 ms seen in bench:sync), and one odd sample should not move the next change.
 */
const RATE_LATENCY_SAMPLES = 5;

const average = (estimate: number, sample: number) => 0.5 * estimate + 0.5 * sample;

/**
 * How far a probe begun at `probe.at` has come by reading `r`: `drop` when the reading cannot tell
 * (paused, buffering, seeking), null while fewer than `minMs` have passed, else the time elapsed
 * and the distance the player moved (both ms).
 */
function progress(
  probe: { at: number; from: number },
  r: PlayerReading,
  minMs: number,
): 'drop' | null | { elapsed: number; moved: number } {
  if (r.paused || r.buffering || r.seeking) return 'drop';
  const elapsed = r.now - probe.at;
  return elapsed < minMs ? null : { elapsed, moved: (r.position - probe.from) * 1000 };
}

/** From setting `currentTime` to the player's `seeked` (ms), a moving average. */
export function createSeekLatency(initialMs = INITIAL_SEEK_LATENCY_MS) {
  let ms = initialMs;
  let issuedAt: number | null = null;
  return {
    get ms() {
      return ms;
    },
    /** When the seek under way was issued, or null. */
    get issuedAt() {
      return issuedAt;
    },
    issued(now: number) {
      issuedAt = now;
    },
    /** The seek landed: one sample (one slow seek should not make every later one overshoot). */
    landed(now: number) {
      if (issuedAt === null) return;
      ms = average(ms, Math.min(5000, Math.max(0, now - issuedAt)));
      issuedAt = null;
    },
  };
}

/**
 * From play() after a hold until the position moves (ms). Only restarts after a hold count: a
 * scheduled play from a pause starts fast or slow depending on the media pipeline's state, so it
 * is left uncompensated (the nudge takes the rest).
 */
export function createResumeLatency() {
  let ms = 0;
  let probe: { at: number; from: number } | null = null;
  return {
    get ms() {
      return ms;
    },
    started(at: number, from: number) {
      probe = { at, from };
    },
    cancel() {
      probe = null;
    },
    /** One sample once the position has moved since the hold's play(), at the room's `rate`. */
    read(r: PlayerReading, rate: number) {
      if (!probe || r.seeking) return;
      if (r.paused) {
        probe = null;
        return;
      }
      const moved = r.position - probe.from;
      if (r.buffering || moved <= 0) return;
      const sample = r.now - probe.at - (moved / (rate || 1)) * 1000;
      probe = null;
      if (sample < 0 || sample > MAX_RESUME_LATENCY_MS) return;
      ms = ms === 0 ? sample : average(ms, sample);
    },
  };
}

/**
 * How late a start moves after the player was seeked while paused (ms): the prior until measured,
 * read once the start's settle window is over (Chromium's position jumps right after play()).
 */
export function createFlushedStartLatency(settleMs: number) {
  let ms = FLUSHED_START_PRIOR_MS;
  let measured = false;
  let flushed = false;
  let probe: { at: number; from: number } | null = null;
  return {
    get ms() {
      return ms;
    },
    /** Whether the player was seeked while paused since it last started. */
    get flushed() {
      return flushed;
    },
    seekedWhilePaused() {
      flushed = true;
    },
    /** The player starts on the room's play: a start after a flush is sampled. */
    started(at: number, from: number) {
      probe = flushed ? { at, from } : null;
      flushed = false;
    },
    /** The player restarts after a hold: not sampled here (the resume latency is). */
    resumed() {
      flushed = false;
    },
    read(r: PlayerReading) {
      const p = probe && progress(probe, r, settleMs);
      if (!p) return;
      probe = null;
      if (p === 'drop') return;
      const sample = p.elapsed - p.moved / (r.rate || 1);
      if (sample < 0 || sample > MAX_RESUME_LATENCY_MS) return;
      ms = measured ? average(ms, sample) : sample;
      measured = true;
    },
  };
}

/**
 * How long the player takes to move at a newly set rate (ms): Chromium plays out the audio it
 * queued at the old rate first. Measured on steps of the rate; the median of the latest samples.
 */
export function createRateLatency() {
  let ms = 0;
  const samples: number[] = [];
  let probe: { at: number; from: number; r0: number; r1: number } | null = null;
  return {
    get ms() {
      return ms;
    },
    /** The follower sets the rate from `r0` to `r1`; a large enough step while playing is a probe. */
    set(r: Pick<PlayerReading, 'now' | 'position' | 'paused' | 'seeking'>, r0: number, r1: number) {
      const measurable = !r.paused && !r.seeking && Math.abs(r1 - r0) >= RATE_PROBE_MIN_STEP;
      probe = measurable ? { at: r.now, from: r.position, r0, r1 } : null;
    },
    cancel() {
      probe = null;
    },
    /** It moved at r0 for the latency, then at r1: latency = (elapsed × r1 − moved) ÷ (r1 − r0). */
    read(r: PlayerReading) {
      const step = probe;
      const p = step && progress(step, r, RATE_PROBE_MIN_MS);
      if (!p) return;
      probe = null;
      if (p === 'drop') return;
      const sample = (p.elapsed * step.r1 - p.moved) / (step.r1 - step.r0);
      // Beyond what the elapsed time allows (a hiccup, a stall): not a rate latency.
      if (sample < -RATE_PROBE_SLACK_MS || sample > Math.min(p.elapsed, MAX_RATE_LATENCY_MS))
        return;
      samples.push(Math.max(0, sample));
      if (samples.length > RATE_LATENCY_SAMPLES) samples.shift();
      const sorted = [...samples].sort((a, b) => a - b);
      ms = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    },
  };
}

/** The four, as the follower holds them. */
export function createLatencies(settleMs: number) {
  return {
    seek: createSeekLatency(),
    resume: createResumeLatency(),
    flushedStart: createFlushedStartLatency(settleMs),
    rate: createRateLatency(),
  };
}
