import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { AuthProvider } from './auth-provider';
import { cssVariablesResolver, localizedTheme } from './theme';

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
        <Notifications position="bottom-center" />
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
