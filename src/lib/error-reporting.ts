import { ClientConfigResponse } from '@/contracts/api/client-config';
import type { ErrorKind, ErrorReportingClient, ErrorReportingUser } from './sentry-client';

export type { ErrorKind, ErrorReportingClient, ErrorReportingUser };

/**
 * Error reporting in the browser (issue 14; the spec registers each signed-in user with an
 * error-reporting service and reports failed lazy module loads, sample rate 0.4). The Sentry SDK
 * is a chunk of its own, fetched only when the server's /v1/client-config names a DSN, so the
 * first load of /login and / carries none of it. Until it is in (or known to be off), the user
 * and the errors are held and handed over then; with no DSN they are dropped.
 */

type Pending =
  | { op: 'user'; user: ErrorReportingUser | null }
  | { op: 'capture'; error: unknown; kind: ErrorKind };

let client: ErrorReportingClient | null = null;
let state: 'idle' | 'starting' | 'on' | 'off' = 'idle';
let pending: Pending[] = [];
/** An error reaches the service once, whichever of the router and Vite saw it first. */
const seen = new WeakSet<object>();

function apply(p: Pending) {
  if (!client) return;
  if (p.op === 'user') client.setUser(p.user);
  else client.capture(p.error, p.kind);
}

function enqueue(p: Pending) {
  if (state === 'off') return;
  if (state === 'on') return apply(p);
  // A user change replaces an earlier one still waiting; errors keep their order.
  if (p.op === 'user') pending = pending.filter((q) => q.op !== 'user');
  pending.push(p);
}

/** Asks the server whether reporting is on and, if so, loads the SDK. Safe to call more than once. */
export async function startErrorReporting(
  fetchImpl: typeof fetch = fetch,
  loadClient: () => Promise<{
    createClient(config: NonNullable<ClientConfigResponse['errorReporting']>): ErrorReportingClient;
  }> = () => import('./sentry-client'),
): Promise<'on' | 'off'> {
  if (state !== 'idle') return state === 'on' ? 'on' : 'off';
  state = 'starting';
  try {
    const res = await fetchImpl('/v1/client-config', { headers: { accept: 'application/json' } });
    const parsed = ClientConfigResponse.safeParse(res.ok ? await res.json() : null);
    const config = parsed.success ? parsed.data.errorReporting : null;
    if (!config) throw new Error('error reporting is off');
    client = (await loadClient()).createClient(config);
    state = 'on';
    for (const p of pending) apply(p);
  } catch {
    // Off, or the SDK could not load: nothing is reported, nothing piles up.
    state = 'off';
  }
  pending = [];
  return state;
}

/** The signed-in user (null after sign-out), as the spec's authenticated area registers them. */
export function setErrorReportingUser(user: ErrorReportingUser | null): void {
  enqueue({ op: 'user', user });
}

/** Reports an error of the given kind (once per error object). */
export function reportError(error: unknown, kind: ErrorKind): void {
  if (typeof error === 'object' && error !== null) {
    if (seen.has(error)) return;
    seen.add(error);
  }
  enqueue({ op: 'capture', error, kind });
}

/**
 * A dynamic import that failed: the browsers' own messages (Chromium, Firefox, Safari) and Vite's
 * preload error for a chunk's stylesheet. The messages are the only mark such an error carries.
 */
export function isLazyLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** For tests: back to the state of a fresh page. */
export function resetErrorReportingForTests(): void {
  client = null;
  state = 'idle';
  pending = [];
}
