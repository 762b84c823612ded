import { AspectRatio, Button, Card, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { imageSrcSet } from '@/contracts/media';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LIVE_SESSIONS_COLLAPSED } from '@/contracts/constants';
import type { SessionSummary } from '@/contracts/api/sessions';
import { toLang } from '@/contracts/user-entities';
import { selectLiveSessions } from '@/lib/live-sessions';
import { localizeSession } from '@/features/sessions';
import { formatDateTime } from '@/lib/time';

export interface LiveSessionsBlockProps {
  sessions: SessionSummary[] | undefined;
  loading: boolean;
  error: boolean;
  now?: number;
}

/**
 * Live sessions: only IN_PROGRESS sessions starting now or later, by start time (the spec's
 * live rule, lib/live-sessions.ts); the first 2 unless the user expands the list.
 */
export function LiveSessionsBlock({
  sessions,
  loading,
  error,
  now = Date.now(),
}: LiveSessionsBlockProps) {
  const { t, i18n } = useTranslation('home');
  const lang = toLang(i18n.language, 'ja');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const live = selectLiveSessions(sessions ?? [], now);
  const shown = expanded ? live : live.slice(0, LIVE_SESSIONS_COLLAPSED);

  let body;
  if (loading) body = <Skeleton h={120} radius="md" />;
  else if (error)
    body = (
      <Text size="sm" c="red.8" role="alert">
        {t('live.error')}
      </Text>
    );
  else if (live.length === 0) body = <Text size="sm">{t('live.empty')}</Text>;
  else
    body = (
      <>
        <Stack component="ul" id={listId} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((session) => {
            const localized = localizeSession(session, lang);
            return (
              <li key={session.id}>
                <Card
                  component={Link}
                  to={`/session/${encodeURIComponent(session.id)}`}
                  withBorder
                  radius="md"
                  padding="xs"
                >
                  <Card.Section>
                    <AspectRatio ratio={16 / 9}>
                      <Image
                        src={localized.thumbnail}
                        srcSet={imageSrcSet(localized.thumbnail)}
                        sizes="(max-width: 48em) 100vw, 320px"
                        alt=""
                      />
                    </AspectRatio>
                  </Card.Section>
                  <Text fw={700} size="sm" mt="xs" lineClamp={2}>
                    {localized.title}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('live.startsAt', { time: formatDateTime(session.startTime) })}
                  </Text>
                </Card>
              </li>
            );
          })}
        </Stack>
        {live.length > LIVE_SESSIONS_COLLAPSED && (
          <Button
            variant="subtle"
            size="xs"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? t('live.showLess') : t('live.showAll', { count: live.length })}
          </Button>
        )}
      </>
    );

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="home-live-title">
      <Title order={2} size="h5" id="home-live-title" mb="xs">
        {t('live.title')}
      </Title>
      {body}
    </Card>
  );
}
