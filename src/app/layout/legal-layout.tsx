import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { WRAPPER_WIDTH } from '@/contracts/constants';
import { useAuth } from '../auth-provider';
import { PageLoader } from '@/features/page-status';
import { AppLayout } from './app-layout';
import { Footer } from './footer';
import { Header } from './header';

/**
 * /policy, /terms and /privacy are public: a school considering the plan reads the terms and the
 * privacy policy before it has an account. Signed-in users read them in the usual app layout.
 */
export function LegalLayout() {
  const { hasToken } = useAuth();
  if (hasToken) return <AppLayout />;
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <Header me={undefined} />
      <Box component="main" flex={1} px="md" py="lg" maw={WRAPPER_WIDTH} w="100%" mx="auto">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
