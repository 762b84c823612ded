import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { TERMS_AGREEMENT_VERSION, WRAPPER_WIDTH } from '@/contracts/constants';
import { isStaffRole } from '@/contracts/user-entities';
import { logout, meQueryKey, PasswordPrompt } from '@/features/auth';
import { ConsentBanner } from '@/features/consent';
import { PageLoader } from '@/features/page-status';
// Safeguarding (issue 26): the caring message and the adults' alert, each fetched when it shows.
import { CareDialog, ConcernAlert, useConcernRaised } from '@/features/safeguarding';
import { isApiError } from '@/lib/api-errors';
import { downloadActivity } from '@/lib/download-activity';
import { applyLanguage } from '@/lib/i18n';
import { useAuth } from '../auth-provider';
import { Footer } from './footer';
import { Header } from './header';
import { SessionDisabledModal } from './session-disabled-modal';

/** The download panel and its manager: fetched only once a download exists (issue 13). */
const DownloadPanel = lazy(() =>
  import('@/features/downloads').then((m) => ({ default: m.DownloadPanel })),
);

const subscribeOnline = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

/** A route whose page shows its own offline notice: `handle: { ownOfflineNotice: true }`. */
const hasOwnOfflineNotice = (handle: unknown): boolean =>
  typeof handle === 'object' &&
  handle !== null &&
  (handle as { ownOfflineNotice?: unknown }).ownOfflineNotice === true;

/**
 * The authenticated area: the token was checked by the route loader; here the user is loaded,
 * their language applied, and a user who has not agreed to the current terms is logged out.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { me } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = me.data;
  const termsMissing = user !== undefined && user.termsAgreementVersion < TERMS_AGREEMENT_VERSION;
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  // A page that says what being offline means for it (the watch page) shows its own notice:
  // two offline banners, one above the other, read as two problems (issue 24).
  const ownOfflineNotice = useMatches().some((m) => hasOwnOfflineNotice(m.handle));
  const downloading = useSyncExternalStore(downloadActivity.subscribe, downloadActivity.get);
  const [careShown, closeCare] = useConcernRaised();
  const staff = user !== undefined && isStaffRole(user.role);

  useEffect(() => {
    if (user) void applyLanguage(user.lang);
  }, [user]);

  useEffect(() => {
    if (!termsMissing) return;
    void logout().then(() =>
      navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      }),
    );
  }, [termsMissing, navigate, location.pathname, location.search]);

  // A refused session shows the logged-out modal; an error message behind it would only confuse.
  const sessionLost = me.isError && isApiError(me.error) && me.error.status === 401;

  // Offline before the account was ever read on this device: nothing below can show.
  const meWaitsForNetwork = !user && me.isPaused;
  let content;
  if (me.isError && !sessionLost) {
    content = (
      <Alert color="red" variant="light" role="alert" maw={560} mx="auto" mt="xl">
        <Group justify="space-between">
          <Text size="sm">{t('error.default')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void me.refetch()}>
            {t('error.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (meWaitsForNetwork) {
    // Offline before the account was ever read on this device: the read waits for the network.
    // The offline banner above says so and leads to the downloads; no spinner that never ends.
    content = null;
  } else if (!user || termsMissing) {
    content = <PageLoader />;
  } else {
    content = (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    );
  }

  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <Header me={termsMissing ? undefined : user} />
      {staff && !termsMissing && (
        <Suspense fallback={null}>
          <ConcernAlert />
        </Suspense>
      )}
      <Box component="main" flex={1} px="md" py="lg" maw={WRAPPER_WIDTH} w="100%" mx="auto">
        {!online && (!ownOfflineNotice || meWaitsForNetwork) && (
          <Alert color="orange" variant="light" role="status" mb="md" data-testid="offline-banner">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dark.7">
                {t('offlineBanner')}
              </Text>
              {/* Wherever the pupil is (a home that cannot load, a page never opened online). */}
              {location.pathname !== '/setting/download' && (
                <Button
                  size="xs"
                  variant="white"
                  color="dark"
                  component={Link}
                  to="/setting/download"
                >
                  {t('offlineDownloads')}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {content}
      </Box>
      <Footer />
      <SessionDisabledModal />
      {careShown && (
        <Suspense fallback={null}>
          <CareDialog opened onClose={closeCare} />
        </Suspense>
      )}
      {/* Fetched only for a user it is for (a password a teacher set), not on every first view. */}
      {!termsMissing && user?.isPasswordUnconfirmed === true && (
        <Suspense fallback={null}>
          <PasswordPrompt me={user} />
        </Suspense>
      )}
      {/* The bottom dock: the download panel stands above the consent banner, never under it. */}
      <Box pos="fixed" bottom={0} left={0} right={0} style={{ zIndex: 150, pointerEvents: 'none' }}>
        {downloading && (
          <Suspense fallback={null}>
            <DownloadPanel />
          </Suspense>
        )}
        <Box style={{ pointerEvents: 'auto' }}>
          <ConsentBanner
            me={termsMissing ? undefined : user}
            onSaved={(next) => queryClient.setQueryData(meQueryKey, next)}
          />
        </Box>
      </Box>
    </Box>
  );
}
