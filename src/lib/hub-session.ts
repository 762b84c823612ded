import { apiClient, type ApiClient } from './api-client';

/**
 * How a page's realtime socket signs in (issue 8): the hub's URL carries no token; the access
 * token is the socket's first message (`auth`), a renewed one is sent as `auth` again, and the
 * hub's signed-out close (WS_CLOSE.signedOut) tries one refresh before the logged-out modal.
 * Every hub socket (the rooms list and the watch page) uses this one way.
 */
export interface HubSession {
  /** The hub's ws(s) URL on this origin, without any token. */
  url(): string;
  /** The hub's HTTP fallback (issue 27) on this origin: `http(s)://…/ws`. */
  httpUrl(): string;
  getToken(): string | null;
  /** Subscribes to token changes; while anyone listens, the token is renewed before it expires. */
  watchToken(listener: () => void): () => void;
  /** The hub closed the socket as signed out: refresh once, else the logged-out modal. */
  onSignedOut(): Promise<boolean>;
  /**
   * Everything a hub transport needs to open and sign in a socket (the engine's
   * `createWsTransport` takes it as is): the rooms list and the watch page both use this, so
   * there is one way to authenticate a socket.
   */
  socket(): HubSocketDeps;
}

/** What `HubSession.socket()` gives a transport (structurally the engine's WsTransportDeps). */
interface HubSocketDeps {
  /** Opens a socket to the hub (a browser WebSocket); the token is never in the URL. */
  connect(): WebSocket;
  getToken(): string | null;
  watchToken(listener: () => void): () => void;
  onSignedOut(): Promise<boolean>;
}

/** Renew this long before the access token's expiry, so an idle watch page keeps its socket. */
const RENEW_BEFORE_MS = 60_000;
const RENEW_JITTER_MS = 30_000;

/** The `exp` of a JWT in epoch ms, or null (the client never verifies it; the server does). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function createHubSession(client: ApiClient = apiClient): HubSession {
  let session: HubSession;
  const listeners = new Set<() => void>();
  let stopStorage: (() => void) | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleRenewal = () => {
    if (renewTimer !== undefined) clearTimeout(renewTimer);
    renewTimer = undefined;
    const token = client.tokens.getToken();
    const exp = token ? tokenExpiry(token) : null;
    if (exp === null || listeners.size === 0) return;
    // Jittered, so two tabs holding the same token do not refresh in the same instant.
    const wait = Math.max(
      1_000,
      exp - RENEW_BEFORE_MS - Math.random() * RENEW_JITTER_MS - Date.now(),
    );
    renewTimer = setTimeout(() => {
      renewTimer = undefined;
      // Another tab (sharing the storage) may have renewed meanwhile: then only reschedule.
      const current = client.tokens.getToken();
      const currentExp = current ? tokenExpiry(current) : null;
      if (currentExp !== null && currentExp - Date.now() > RENEW_BEFORE_MS + RENEW_JITTER_MS) {
        scheduleRenewal();
        return;
      }
      void client.refresh();
    }, wait);
  };

  session = {
    url: () => {
      const url = new URL('/ws', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return url.toString();
    },
    httpUrl: () => new URL('/ws', window.location.href).toString(),
    getToken: () => client.tokens.getToken(),
    watchToken: (listener) => {
      listeners.add(listener);
      stopStorage ??= client.tokens.subscribe(() => {
        scheduleRenewal();
        for (const l of listeners) l();
      });
      scheduleRenewal();
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        stopStorage?.();
        stopStorage = null;
        if (renewTimer !== undefined) clearTimeout(renewTimer);
        renewTimer = undefined;
      };
    },
    onSignedOut: () => client.recoverSession(),
    socket: () => ({
      connect: () => new WebSocket(session.url()),
      getToken: session.getToken,
      watchToken: session.watchToken,
      onSignedOut: session.onSignedOut,
    }),
  };
  return session;
}

/** The app's one hub session. */
export const hubSession: HubSession = createHubSession();
