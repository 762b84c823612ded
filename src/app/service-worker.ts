import { API_READS_CACHE_NAME } from '@/contracts/constants';
import { downloadActivity } from '@/lib/download-activity';
import { DOWNLOAD_EVENT } from '@/lib/downloads/cache-names';
import { tokenStorage, type TokenStorage } from '@/lib/storage';

/**
 * The build chunks this page has loaded (scripts, styles, translations), from the browser's
 * resource timing: before the worker controlled the page they went past it.
 */
function loadedAssets(): string[] {
  const names = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => {
      const url = new URL(name, window.location.href);
      return url.origin === window.location.origin && url.pathname.startsWith('/assets/');
    });
  return [...new Set(names)];
}

/**
 * Registers the service worker (src/sw/sw.ts, issue 13) once the page has loaded and the browser
 * is idle: installing it precaches what a learner needs offline, and that must not compete with a
 * first load (scripts/size-budget.ts, bench:load). Once it is active the page names the chunks it
 * already loaded (its translations among them), which the worker keeps for offline use.
 * Development builds (Vite's dev server) have no worker.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) =>
        registration.active?.postMessage({ type: 'KEEP_ASSETS', urls: loadedAssets() }),
      )
      .catch((error: unknown) => console.warn('[sw] registration failed', error));
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  // A download the worker is running for a tab closed since: the panel (a lazy chunk) opens and
  // hears the rest of it (src/features/downloads/manager.ts).
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type === DOWNLOAD_EVENT) downloadActivity.set(true);
  });
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * The worker's copies of API reads (`api-reads`) belong to the account that read them. Whenever
 * this page holds no sign-in — at start, and each time one ends: logout, a session the server
 * refused (the logged-out modal), tokens cleared by the login page — they are dropped. On a
 * school's shared device the next pupil to sign in could otherwise be answered, offline, with
 * the previous pupil's reflections or outputs from a URL the two share (`/v1/me/…`). Tokens that
 * only lived in memory (storage refused) end with the page without a sign-out; the check at the
 * next start covers them.
 */
export function forgetApiReadsWhenSignedOut(store: TokenStorage = tokenStorage): () => void {
  const forget = () => {
    if (store.getToken() === null && typeof caches !== 'undefined')
      void caches.delete(API_READS_CACHE_NAME).catch(() => false);
  };
  forget();
  return store.subscribe(forget);
}
