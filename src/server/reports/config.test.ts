import { readFileSync } from 'node:fs';
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

  it('allows on-demand refresh everywhere, production included, unless set to false (issue 24)', () => {
    expect(loadConfig({}).reports.refreshOnDemand).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).reports.refreshOnDemand).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', REPORT_REFRESH_ON_DEMAND: 'false' }).reports
        .refreshOnDemand,
    ).toBe(false);
    expect(loadConfig({ REPORT_REFRESH_ON_DEMAND: 'no' }).reports.refreshOnDemand).toBe(false);
  });

  it('`npm start` runs in production mode, and its staff get the "update now" button', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      scripts: Record<string, string>;
    };
    // The environment assignments in front of the server command, as the shell passes them.
    const serverCommand = pkg.scripts
      .start!.split('&&')
      .map((c) => c.trim())
      .find((c) => c.includes('src/server/main.ts'));
    expect(serverCommand).toBeDefined();
    const env = Object.fromEntries(
      [...serverCommand!.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(env.NODE_ENV).toBe('production');
    expect(loadConfig(env).reports.refreshOnDemand).toBe(true);
  });
});
