import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { AuthProvider } from './auth-provider';
import { cssVariablesResolver, localizedTheme } from './theme';

/**
 * The toasts' container (with its transitions and scroll lock, ~11 kB) is fetched when the first
 * toast is shown, not with the page: most first loads show none (issue 10). A toast shown before it
 * arrives waits in Mantine's store and appears when the container mounts.
 */
const Notifications = lazy(() => import('./toasts').then((m) => ({ default: m.Notifications })));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  // Once mounted it stays: its exit transitions and later toasts need it.
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" />
    </Suspense>
  );
}

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <Toasts />
        <QueryClientProvider client={queryClient}>
          <AuthProvider>{children}</AuthProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}

/** Mantine with the theme in the current language (it names the close buttons). */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const close = t('close');
  const loading = t('loading');
  const theme = useMemo(() => localizedTheme({ close, loading }), [close, loading]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
