import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useAnalytics } from '@/features/consent';
import { useAuth } from '../auth-provider';
import { LoggedOutModal } from './logged-out-modal';
import { PageLoader } from '@/features/page-status';

/** Everything under the router: the lazy pages' fallback and the logged-out modal. */
export function RootLayout() {
  const { hasToken, me } = useAuth();
  // Analytics follows the consent rules on every page, signed in or not.
  useAnalytics(me.data, hasToken, hasToken && me.isPending);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <LoggedOutModal />
    </>
  );
}
