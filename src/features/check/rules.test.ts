import { describe, expect, it } from 'vitest';
import {
  browserVerdict,
  clockVerdict,
  median,
  networkVerdict,
  parseUserAgent,
  realtimeVerdict,
  storageByWrite,
  storageEstimateTrusted,
  storageVerdict,
  STORAGE_PASS_BYTES,
  throughputMbps,
} from './rules';

const MiB = 1024 * 1024;

describe('system check rules', () => {
  it('reads the browser and its version from the user agent', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(parseUserAgent(chrome)).toEqual({ name: 'Chrome', version: 131 });
    expect(parseUserAgent(`${chrome} Edg/130.0.1`)).toEqual({ name: 'Edge', version: 130 });
    expect(
      parseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toEqual({ name: 'Firefox', version: 128 });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPad; CPU OS 15_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.2 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ name: 'Safari', version: 15.2 });
    expect(parseUserAgent('curl/8')).toEqual({ name: 'other', version: 0 });
  });

  it('passes supported browsers and warns on older or unknown ones', () => {
    expect(browserVerdict({ name: 'Chrome', version: 109 })).toBe('pass');
    expect(browserVerdict({ name: 'Chrome', version: 108 })).toBe('warn');
    expect(browserVerdict({ name: 'Safari', version: 15.2 })).toBe('warn');
    expect(browserVerdict({ name: 'other', version: 0 })).toBe('warn');
  });

  it('judges the network, the realtime connection, the clock and storage at their thresholds', () => {
    expect(networkVerdict(300, 2)).toBe('pass');
    expect(networkVerdict(301, 50)).toBe('warn');
    expect(networkVerdict(20, 1.9)).toBe('warn');
    expect(realtimeVerdict(3000, 500)).toBe('pass');
    expect(realtimeVerdict(3001, 10)).toBe('warn');
    expect(realtimeVerdict(10, 501)).toBe('warn');
    expect(clockVerdict(2400, 500)).toBe('pass');
    expect(clockVerdict(-2600, 500)).toBe('warn');
    expect(storageVerdict(STORAGE_PASS_BYTES)).toBe('pass');
    expect(storageVerdict(STORAGE_PASS_BYTES - 1)).toBe('warn');
  });

  it('reads a far but fast line as fast: the round trip is not counted as transfer time', () => {
    // 270 kB fetched in parallel over a 50 Mbps line with a 560 ms round trip: the last byte
    // arrives one round trip plus 43 ms after the requests went out.
    const bytes = 270_000;
    const lineMs = ((bytes * 8) / 50_000_000) * 1000;
    const transfers = [0, 1, 2].map((i) => ({
      bytes: bytes / 3,
      startMs: 1000 + i,
      endMs: 1000 + 560 + lineMs - (2 - i),
    }));
    const mbps = throughputMbps(transfers, 560);
    expect(mbps).toBeGreaterThan(45);
    expect(networkVerdict(280, mbps)).toBe('pass');
    // Fetched one after another with each round trip counted as transfer time, it read as slow.
    const sequential = (bytes * 8) / ((3 * 560 + lineMs) / 1000) / 1_000_000;
    expect(networkVerdict(280, sequential)).toBe('warn');
  });

  it('reads a slow line as slow whatever the round trip', () => {
    // 270 kB at 1 Mbps takes 2.16 s on top of a 40 ms round trip.
    const mbps = throughputMbps([{ bytes: 270_000, startMs: 0, endMs: 40 + 2160 }], 40);
    expect(mbps).toBeCloseTo(1, 5);
    expect(networkVerdict(40, mbps)).toBe('warn');
    // Everything in within a round trip: bounded, not infinite.
    expect(Number.isFinite(throughputMbps([{ bytes: 1000, startMs: 0, endMs: 50 }], 80))).toBe(
      true,
    );
    expect(throughputMbps([], 10)).toBe(0);
  });

  it('believes a storage estimate only when it cannot be a made-up one', () => {
    // Chromium's made-up quota: usage plus a round 10 GiB, storage not persisted.
    expect(storageEstimateTrusted({ quota: 10240 * MiB + 123, usage: 123 }, false)).toBe(false);
    expect(storageEstimateTrusted({ quota: 10240 * MiB, usage: 0 }, true)).toBe(false);
    // Not persisted, large: could be taken back or made up, so it is measured.
    expect(storageEstimateTrusted({ quota: 7_123_456_789, usage: 1_234_567 }, false)).toBe(false);
    // Persisted and not round: believed.
    expect(storageEstimateTrusted({ quota: 7_123_456_789, usage: 1_234_567 }, true)).toBe(true);
    // Below the threshold it is a warning either way: believed.
    expect(storageEstimateTrusted({ quota: 300 * MiB, usage: 0 }, false)).toBe(true);
    // No quota at all: measured.
    expect(storageEstimateTrusted({}, false)).toBe(false);
  });

  it('judges a measuring write by what was written and why it stopped', () => {
    expect(storageByWrite(STORAGE_PASS_BYTES, 'reached')).toEqual({
      verdict: 'pass',
      reason: 'atLeast',
      freeMB: 500,
    });
    expect(storageByWrite(120 * MiB + 5, 'full')).toEqual({
      verdict: 'warn',
      reason: 'measuredLow',
      freeMB: 120,
    });
    expect(storageByWrite(75 * MiB, 'timeout')).toEqual({
      verdict: 'warn',
      reason: 'timeout',
      freeMB: 75,
    });
    expect(storageByWrite(STORAGE_PASS_BYTES, 'full').verdict).toBe('pass');
  });

  it('takes the median', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
