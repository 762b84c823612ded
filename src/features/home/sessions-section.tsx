import { Box, Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SKELETON_LIST_ITEMS } from '@/contracts/constants';
import type { SessionSummary } from '@/contracts/api/sessions';
import { SessionCard, SessionCardSkeleton } from '@/features/sessions';

export interface SessionsSectionProps {
  sessions: SessionSummary[] | undefined;
  loading: boolean;
  error: boolean;
  /** Nothing loaded and the device is offline (the read waits for the network). */
  offline?: boolean;
  onRetry: () => void;
  /** Another page exists (GET /v1/sessions answered a lastKey). */
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
}

/** Every session the user may see as cards (260 wide); 6 skeletons while loading. */
export function SessionsSection({
  sessions,
  loading,
  error,
  offline = false,
  onRetry,
  hasMore = false,
  loadingMore = false,
  onMore,
}: SessionsSectionProps) {
  const { t } = useTranslation(['home', 'common']);
  let body;
  if (loading) {
    body = (
      <Group gap="md" aria-busy="true" data-testid="sessions-skeleton">
        <VisuallyHidden>{t('sessions.loading')}</VisuallyHidden>
        {Array.from({ length: SKELETON_LIST_ITEMS }, (_, i) => (
          <SessionCardSkeleton key={i} />
        ))}
      </Group>
    );
  } else if (offline) {
    body = (
      <Stack gap="xs" align="flex-start" data-testid="sessions-offline">
        <Text size="sm">{t('sessions.offline')}</Text>
        <Button size="xs" variant="light" component={Link} to="/setting/download">
          {t('common:offlineDownloads')}
        </Button>
      </Stack>
    );
  } else if (error) {
    body = (
      <Group gap="sm" role="alert">
        <Text size="sm" c="red.8">
          {t('sessions.error')}
        </Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Group>
    );
  } else if (!sessions || sessions.length === 0) {
    body = <Text size="sm">{t('sessions.empty')}</Text>;
  } else {
    body = (
      // A grid of cards at least 220 px wide that fill the row: no empty strip beside fixed
      // 260 px cards on a phone or tablet (issue 9, item 13).
      <Box
        component="ul"
        p={0}
        m={0}
        style={{
          listStyle: 'none',
          display: 'grid',
          gap: 'var(--mantine-spacing-md)',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
        }}
      >
        {sessions.map((session) => (
          <li key={session.id} style={{ display: 'flex' }}>
            <SessionCard session={session} width="100%" />
          </li>
        ))}
      </Box>
    );
  }
  return (
    <Stack component="section" gap="sm" aria-labelledby="home-sessions-title">
      <Title order={2} size="h4" id="home-sessions-title">
        {t('sessions.title')}
      </Title>
      {body}
      {hasMore && !loading && !error && onMore && (
        <Button
          variant="light"
          onClick={onMore}
          loading={loadingMore}
          style={{ alignSelf: 'center' }}
        >
          {t('sessions.more')}
        </Button>
      )}
    </Stack>
  );
}
