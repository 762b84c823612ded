import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAnalytics } from '@/features/consent';
import { useAuth } from '../auth-provider';
import { apiSession } from '@/lib/api-session';
import { PageLoader } from '@/features/page-status';

const LoggedOutModal = lazy(() =>
  import('./logged-out-modal').then((m) => ({ default: m.LoggedOutModal })),
);

/** Everything under the router: the lazy pages' fallback and the logged-out modal. */
export function RootLayout() {
  const { hasToken, me } = useAuth();
  // Analytics follows the consent rules on every page, signed in or not.
  useAnalytics(me.data, hasToken, hasToken && me.isPending);
  // The API client gave up on the session: tell the user (the modal is fetched then, not before).
  const [loggedOut, setLoggedOut] = useState<boolean | null>(null);
  useEffect(() => apiSession.onLoggedOut(() => setLoggedOut(true)), []);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      {loggedOut !== null && (
        <Suspense fallback={null}>
          <LoggedOutModal opened={loggedOut} onClose={() => setLoggedOut(false)} />
        </Suspense>
      )}
    </>
  );
}
