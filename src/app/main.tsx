import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { i18n, loadLanguage } from '@/lib/i18n';
import { toLang } from '@/contracts/user-entities';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { reportError, startErrorReporting } from '@/lib/error-reporting';
import { forgetApiReadsWhenSignedOut, registerServiceWorker } from './service-worker';
import { STORAGE_KEYS } from '@/contracts/constants';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Vite's chunk loader announces a failed lazy module (or its stylesheet) before it rejects.
window.addEventListener('vite:preloadError', (event) =>
  reportError((event as Event & { payload?: unknown }).payload ?? event, 'lazyLoad'),
);
registerServiceWorker();
forgetApiReadsWhenSignedOut();

const queryClient = createQueryClient();
/**
 * Whether a copy of the last visit's first view is kept (first-view-cache.ts): only then is that
 * module fetched, so a first load never pays for it.
 */
const firstViewKept = (): boolean => {
  try {
    return localStorage.getItem(STORAGE_KEYS.firstView) !== null;
  } catch {
    return false;
  }
};
// The last visit's shell and session lists draw at once while the same reads refresh them.
const restored = firstViewKept()
  ? import('./first-view-cache').then((m) => m.restoreFirstView(queryClient)).catch(() => false)
  : Promise.resolve(false);
const router = createRouter(queryClient);

// The page's language arrives as a chunk of its own (issue 10); render once it is in.
const startLanguage = toLang(i18n.language, 'ja');
// Without it (a failed fetch) the page still renders, showing keys rather than nothing.
void Promise.all([
  loadLanguage(startLanguage).catch((error: unknown) =>
    console.error('[i18n] could not load', startLanguage, error),
  ),
  restored,
])
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  )
  // After the first render: the SDK is a chunk of its own, fetched only when a DSN is set; the
  // first view's copy is saved from then on (first-view-keep.ts).
  .then(() => {
    startErrorReporting();
    void import('./first-view-keep').then((m) => m.keepFirstView(queryClient));
  });
