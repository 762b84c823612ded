import { describe, expect, it } from 'vitest';
import {
  browserVerdict,
  clockVerdict,
  median,
  networkVerdict,
  parseUserAgent,
  realtimeVerdict,
  storageVerdict,
  STORAGE_PASS_BYTES,
} from './rules';

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

  it('takes the median', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
