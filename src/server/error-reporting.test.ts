import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientConfigResponse } from '../contracts/api/client-config';
import { loadConfig } from './config';
import { startSentrySink, type SentrySink } from './testing/sentry-sink';
import { createTestApp, userIdOf, type TestApp } from './testing/test-app';

// Issue 14: unexpected server errors reach Sentry (here a local sink speaking its envelope
// protocol) with the signed-in user's id; client errors (4xx) do not; no DSN, no reporting.
describe('error reporting', () => {
  let sink: SentrySink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSentrySink();
    t = await createTestApp({
      env: { SENTRY_DSN: sink.dsn, SENTRY_SAMPLE_RATE: '1', SENTRY_ENVIRONMENT: 'test' },
      // A real failure: the follows table is gone, so reading it throws inside the route.
      fixtures: async (db) => void (await sql`DROP TABLE follows CASCADE`.execute(db)),
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('is off without a DSN and samples 0.4 of errors by default (the spec)', () => {
    expect(loadConfig({}).errorReporting).toEqual({ server: null, client: null });
    const on = loadConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' }).errorReporting;
    expect(on.server?.sampleRate).toBe(0.4);
    expect(on.client).toEqual(on.server);
    expect(
      loadConfig({
        SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
        SENTRY_CLIENT_DSN: 'https://other@o1.ingest.sentry.io/3',
      }).errorReporting.client?.dsn,
    ).toBe('https://other@o1.ingest.sentry.io/3');
    expect(() => loadConfig({ SENTRY_SAMPLE_RATE: '2' })).toThrow(/SENTRY_SAMPLE_RATE/);
    expect(() => loadConfig({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
  });

  it('reports an unexpected error with the signed-in user, and not a refused call', async () => {
    const headers = await t.authHeader('student01');
    const refused = await t.app.inject({ url: '/v1/report/groups', headers });
    expect(refused.statusCode).toBe(403);
    const failed = await t.app.inject({ url: '/v1/follows', headers });
    expect(failed.statusCode).toBe(500);
    // The body never carries internals, whatever was reported.
    expect(failed.body).not.toMatch(/follows/);

    await expect.poll(() => sink.events().length, { timeout: 10_000 }).toBe(1);
    await t.app.errorReporter!.flush();
    const [event] = sink.events();
    expect(event!.environment).toBe('test');
    expect(event!.user).toEqual({ id: await userIdOf(t.db, 'student01') });
    expect((event!.contexts as { request: unknown }).request).toEqual({
      method: 'GET',
      url: '/v1/follows',
    });
    const exception = (event!.exception as { values: Array<{ value: string }> }).values[0]!;
    expect(exception.value).toMatch(/follows/);
    expect(sink.envelopes[0]!.header.event_id).toBe(event!.event_id);
  });

  it("hands the browser its DSN and sample rate, and lets it post to the DSN's origin", async () => {
    const res = await t.app.inject({ url: '/v1/client-config' });
    expect(res.statusCode).toBe(200);
    expect(ClientConfigResponse.parse(res.json()).errorReporting).toEqual({
      dsn: sink.dsn,
      sampleRate: 1,
      environment: 'test',
    });
    // The policy that lets the page post reports is the document's (a page, not this JSON).
    const page = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(String(page.headers['content-security-policy'])).toContain(new URL(sink.dsn).origin);
    const off = await t.withEnv({ SENTRY_DSN: '' });
    expect(
      ClientConfigResponse.parse((await off.inject({ url: '/v1/client-config' })).json()),
    ).toEqual({ errorReporting: null });
  });
});
