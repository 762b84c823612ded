import { Box, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_COLUMN_WIDTH, WRAPPER_WIDTH } from '@/contracts/constants';
import { useMe } from '@/features/auth';
import { NotificationPopup, useNotifications } from '@/features/notifications';
import { loadActivityPanel, loadMyProfileHeader, loadRecentOutputsCard } from '@/features/profile';
import { OptionalPart } from '@/features/page-status';
import { ProjectSections, projectPageUrl, projectSectionsVisible } from '@/features/projects';
import { useSessionsLive } from '@/features/live';
import { RoomsSection } from '@/features/rooms';
import { useLiveSessions, useSessions } from './api/get-sessions';
import { HomeBanners } from './banners';
import { homeConfig } from './home-config';
import { LiveSessionsBlock } from './live-sessions-block';
import { MOBILE_QUERY, initiallyMobile } from './mobile-query';
import { SessionsSection } from './sessions-section';
import { pageTitle } from '@/lib/page-title';
import { SESSIONS_KEY } from './api/get-sessions';

// Loaded after the first paint: most pupils have no flagged post (first-load budget). Each
// optional part that fails shows its own error and retry; the page stays (issue 30).
const loadViolationNotices = () => import('./violation-notices').then((m) => m.ViolationNotices);
const loadNewsCard = () => import('./news-card').then((m) => m.NewsCard);
const noProps = {};

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
        void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      }
    },
  );

  useEffect(() => {
    document.title = pageTitle(t('documentTitle'));
  }, [t]);

  const siteUrl = homeConfig.projectsSiteUrl;

  return (
    <Stack gap="lg" maw={WRAPPER_WIDTH} mx="auto" w="100%">
      <OptionalPart
        name={t('parts.profile')}
        load={loadMyProfileHeader}
        props={noProps}
        placeholder={<Skeleton h={64} radius="md" />}
      />
      <OptionalPart name={t('parts.violations')} load={loadViolationNotices} props={noProps} />
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
            <OptionalPart name={t('parts.news')} load={loadNewsCard} props={noProps} />
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
              <OptionalPart
                name={t('parts.activity')}
                load={loadActivityPanel}
                props={noProps}
                placeholder={<Skeleton h={240} radius="md" />}
              />
              {me.data && (
                <OptionalPart
                  name={t('parts.recentOutputs')}
                  load={loadRecentOutputsCard}
                  props={{ userId: me.data._id }}
                  placeholder={<Skeleton h={160} radius="md" />}
                />
              )}
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
