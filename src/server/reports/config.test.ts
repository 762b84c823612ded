import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

describe('report settings', () => {
  it('refreshes in Asia/Tokyo by default and takes another IANA zone', () => {
    expect(loadConfig({}).reports.timeZone).toBe('Asia/Tokyo');
    expect(loadConfig({ REPORT_TIMEZONE: 'Europe/London' }).reports.timeZone).toBe('Europe/London');
  });

  it('refuses a zone that does not exist at start-up', () => {
    expect(() => loadConfig({ REPORT_TIMEZONE: 'Mars/Olympus' })).toThrow(ConfigError);
  });

  it('allows on-demand refresh except in production, unless set explicitly', () => {
    expect(loadConfig({}).reports.refreshOnDemand).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).reports.refreshOnDemand).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', REPORT_REFRESH_ON_DEMAND: 'true' }).reports
        .refreshOnDemand,
    ).toBe(true);
    expect(loadConfig({ REPORT_REFRESH_ON_DEMAND: 'no' }).reports.refreshOnDemand).toBe(false);
  });
});
