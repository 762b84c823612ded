import { Box, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_COLUMN_WIDTH, WRAPPER_WIDTH } from '@/contracts/constants';
import { useMe } from '@/features/auth';
import { NotificationPopup, useNotifications } from '@/features/notifications';
import { ActivityPanel, MyProfileHeader, RecentOutputsCard } from '@/features/profile';
import { ProjectSections, projectPageUrl, projectSectionsVisible } from '@/features/projects';
import { RoomsSection, useSessionsLive } from '@/features/rooms';
import { useLiveSessions, useSessions } from './api/get-sessions';
import { HomeBanners } from './banners';
import { homeConfig } from './home-config';
import { LiveSessionsBlock } from './live-sessions-block';
import { MOBILE_QUERY, initiallyMobile } from './mobile-query';
import { SessionsSection } from './sessions-section';
import { pageTitle } from '@/lib/page-title';

// Loaded after the first paint: most pupils have no flagged post (first-load budget).
const ViolationNotices = lazy(() =>
  import('./violation-notices').then((m) => ({ default: m.ViolationNotices })),
);

const NewsCard = lazy(() => import('./news-card').then((m) => ({ default: m.NewsCard })));

/** Sessions in progress home follows live (a socket follows at most 32). */
const HOME_LIVE_FOLLOW_MAX = 8;

/**
 * The home page (`/`, title Top): the own profile header, rooms, sessions and, on larger screens,
 * the project sections in the main column; live sessions, activity and recent outputs at the
 * side, with the banners on mobile and tablet. The notification modal opens by its own rule.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const me = useMe();
  const sessions = useSessions();
  const liveSessions = useLiveSessions();
  const isMobile = useMediaQuery(MOBILE_QUERY, initiallyMobile(), {
    getInitialValueInEffect: false,
  });
  const showProjects = me.data ? projectSectionsVisible(me.data.groups, isMobile) : false;
  const projectFeedback = useNotifications('projectFeedbackAll', showProjects);
  // The sessions in progress are followed live: a reaction on one re-reads its emotions.
  const queryClient = useQueryClient();
  useSessionsLive(
    (liveSessions.data ?? [])
      .filter((s) => s.status === 'IN_PROGRESS')
      .slice(0, HOME_LIVE_FOLLOW_MAX)
      .map((s) => s.id),
    (event, sessionId) => {
      if (
        event.type === 'reconnected' ||
        (event.change.kind === 'action' && event.change.targetId === sessionId)
      ) {
        // Both home lists (`['sessions', 'list']` and `['sessions', 'live']`) carry emotions.
        void queryClient.invalidateQueries({ queryKey: ['sessions'] });
      }
    },
  );

  useEffect(() => {
    document.title = pageTitle(t('documentTitle'));
  }, [t]);

  const siteUrl = homeConfig.projectsSiteUrl;

  return (
    <Stack gap="lg" maw={WRAPPER_WIDTH} mx="auto" w="100%">
      <Suspense fallback={<Skeleton h={64} radius="md" />}>
        <MyProfileHeader />
      </Suspense>
      <Suspense fallback={null}>
        <ViolationNotices />
      </Suspense>
      <Grid columns={24} gap="lg">
        <Grid.Col span={{ base: 24, md: 18 }}>
          <Stack gap="xl" maw={MAIN_COLUMN_WIDTH}>
            <RoomsSection />
            <SessionsSection
              sessions={sessions.sessions}
              // Offline with nothing kept, a read waits for the network: say so, not a skeleton.
              loading={sessions.isPending && !sessions.isPaused}
              offline={sessions.isPending && sessions.isPaused}
              error={sessions.isError}
              onRetry={() => void sessions.refetch()}
              hasMore={sessions.hasNextPage}
              loadingMore={sessions.isFetchingNextPage}
              onMore={() => void sessions.fetchNextPage()}
            />
            {me.data && showProjects && (
              <ProjectSections
                role={me.data.role}
                siteUrl={siteUrl}
                newFeedbackCount={projectFeedback.data?.length ?? 0}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 6 }}>
          <Stack gap="md">
            <Suspense fallback={null}>
              <NewsCard />
            </Suspense>
            {me.data && (
              <Box hiddenFrom="md">
                <HomeBanners
                  role={me.data.role}
                  userId={me.data.id}
                  groupName={me.data.groups[0]?.name ?? null}
                  surveyUrl={homeConfig.surveyUrl}
                  supportUrl={homeConfig.supportUrl}
                />
              </Box>
            )}
            {/* Below 1024 px the side column sits under the main one: two cards a row on tablets. */}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 1 }} spacing="md">
              <LiveSessionsBlock
                sessions={liveSessions.data}
                loading={liveSessions.isPending && !liveSessions.isPaused}
                error={liveSessions.isError || (liveSessions.isPending && liveSessions.isPaused)}
              />
              <Suspense fallback={<Skeleton h={240} radius="md" />}>
                <ActivityPanel />
              </Suspense>
              <Suspense fallback={<Skeleton h={160} radius="md" />}>
                {me.data && <RecentOutputsCard userId={me.data._id} />}
              </Suspense>
            </SimpleGrid>
          </Stack>
        </Grid.Col>
      </Grid>
      {me.data && (
        <NotificationPopup
          userId={me.data._id}
          projectPageUrl={(id, anchor) => projectPageUrl(siteUrl, id, anchor)}
        />
      )}
    </Stack>
  );
}
