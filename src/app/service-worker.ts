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
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
