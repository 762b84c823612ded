import {
  AspectRatio,
  Box,
  Button,
  Card,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { LIVE_SESSIONS_COLLAPSED, MOBILE_BREAKPOINT } from '@/contracts/constants';
import { formatDateTime } from '@/lib/time';
import { hasLiveSessionsToggle, visibleLiveSessions, type LiveSessionItem } from './live-sessions';
import { useLegalTranslation } from './use-legal-translation';

export type LiveSessionsPanelProps = {
  /** Already live-filtered (selectLiveSessions or useLiveSessions). */
  liveSessions: readonly LiveSessionItem[];
  loading: boolean;
  error?: boolean;
};

function LiveSessionCard({ session }: { session: LiveSessionItem }) {
  const { t } = useLegalTranslation();
  return (
    <Card
      component={Link}
      to={`/session/${encodeURIComponent(session.id)}`}
      withBorder
      padding="sm"
      radius="md"
    >
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {/* The title below names the session, so the picture is decorative. */}
          <Image src={session.image} alt="" />
        </AspectRatio>
      </Card.Section>
      <Text fw={700} mt="sm" lineClamp={2}>
        {session.title}
      </Text>
      <Text size="sm">
        {t('policy.liveSessions.startsAt', { time: formatDateTime(session.startTime) })}
      </Text>
    </Card>
  );
}

/** Side column of /policy: live sessions, two unless expanded, toggle on desktop only. */
export function LiveSessionsPanel({
  liveSessions,
  loading,
  error = false,
}: LiveSessionsPanelProps) {
  const { t } = useLegalTranslation();
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const isDesktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`, true);
  const withToggle = hasLiveSessionsToggle(liveSessions.length, isDesktop);
  const shown = visibleLiveSessions(liveSessions, withToggle && expanded);

  let body;
  if (loading) {
    body = (
      <Stack gap="md" aria-busy="true">
        <VisuallyHidden>{t('policy.liveSessions.loading')}</VisuallyHidden>
        {Array.from({ length: LIVE_SESSIONS_COLLAPSED }, (_, i) => (
          <Box key={i}>
            <Skeleton radius="md" style={{ aspectRatio: '16 / 9' }} />
            <Skeleton height={14} mt="sm" width="80%" />
          </Box>
        ))}
      </Stack>
    );
  } else if (error) {
    body = (
      <Text size="sm" role="alert">
        {t('policy.liveSessions.error')}
      </Text>
    );
  } else if (liveSessions.length === 0) {
    body = <Text size="sm">{t('policy.liveSessions.empty')}</Text>;
  } else {
    body = (
      <>
        <Stack component="ul" id={listId} gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((session) => (
            <li key={session.id}>
              <LiveSessionCard session={session} />
            </li>
          ))}
        </Stack>
        {withToggle ? (
          <Button
            variant="subtle"
            mt="sm"
            fullWidth
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? t('policy.liveSessions.viewLess') : t('policy.liveSessions.viewAll')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" mb="md" id={headingId}>
        {t('policy.liveSessions.heading')}
      </Title>
      {body}
    </Box>
  );
}
