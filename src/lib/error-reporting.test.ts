import { afterEach, describe, expect, it } from 'vitest';
import {
  isLazyLoadFailure,
  reportError,
  resetErrorReportingForTests,
  setErrorReportingUser,
  startErrorReporting,
  type ErrorReportingClient,
} from './error-reporting';

const answer = (body: unknown) =>
  (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch;

function recorder() {
  const calls: Array<[string, unknown]> = [];
  const client: ErrorReportingClient = {
    setUser: (u) => calls.push(['user', u]),
    capture: (e, kind) => calls.push([kind, e]),
  };
  let loads = 0;
  const load = async () => {
    loads += 1;
    return { createClient: () => client };
  };
  return { calls, load, loads: () => loads };
}

const CONFIG = {
  errorReporting: { dsn: 'https://k@sentry.example/1', sampleRate: 0.4, environment: 'x' },
};

afterEach(() => resetErrorReportingForTests());

describe('client error reporting', () => {
  it('holds the user and errors until the SDK is in, then hands them over in order', async () => {
    const r = recorder();
    const early = new Error('Failed to fetch dynamically imported module: /assets/a.js');
    setErrorReportingUser({ id: 'u0', role: 'member' });
    setErrorReportingUser({ id: 'u1', role: 'member' });
    reportError(early, 'lazyLoad');
    reportError(early, 'lazyLoad');
    expect(await startErrorReporting(answer(CONFIG), r.load)).toBe('on');
    expect(r.calls).toEqual([
      ['user', { id: 'u1', role: 'member' }],
      ['lazyLoad', early],
    ]);
    setErrorReportingUser(null);
    expect(r.calls.at(-1)).toEqual(['user', null]);
  });

  it('never loads the SDK without a DSN, and drops what was held', async () => {
    const r = recorder();
    reportError(new Error('x'), 'render');
    expect(await startErrorReporting(answer({ errorReporting: null }), r.load)).toBe('off');
    reportError(new Error('y'), 'render');
    expect(r.loads()).toBe(0);
    expect(r.calls).toEqual([]);
    const failing = (async () => new Response('', { status: 500 })) as typeof fetch;
    resetErrorReportingForTests();
    expect(await startErrorReporting(failing, r.load)).toBe('off');
    expect(r.loads()).toBe(0);
  });

  it("tells a failed lazy load from other errors by the browsers' messages", () => {
    expect(isLazyLoadFailure(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(
      true,
    );
    expect(isLazyLoadFailure(new TypeError('error loading dynamically imported module: x'))).toBe(
      true,
    );
    expect(isLazyLoadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLazyLoadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isLazyLoadFailure(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isLazyLoadFailure(null)).toBe(false);
  });
});
