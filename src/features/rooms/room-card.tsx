import { ActionIcon, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Stream } from '@/contracts/entities';
import { formatDateTime } from '@/lib/time';
import { useRoomSession } from './api/get-room-session';
import { buildWatchUrl, hostOf } from './room-rules';
import { usePersonName } from '@/lib/person-name';

export interface RoomCardProps {
  stream: Stream;
  myUserId: string | undefined;
  onEdit(stream: Stream): void;
  onDelete(stream: Stream): void;
  onCopyInvitation(stream: Stream): void;
}

/** One room: name, start time, host, and start (host) or join; the host's menu on desktop. */
export function RoomCard({ stream, myUserId, onEdit, onDelete, onCopyInvitation }: RoomCardProps) {
  const { t, i18n } = useTranslation('rooms');
  const names = usePersonName();
  // The card names its lesson (issue 24): several rooms of one class are told apart by it.
  const session = useRoomSession(stream.sessionId).data;
  const lesson = session
    ? (i18n.language === 'en' ? session.en?.title : session.ja?.title) || session.title
    : null;
  const titleId = useId();
  const host = hostOf(stream, myUserId);
  const isHost = host.kind === 'you';

  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      padding="md"
      h="100%"
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {stream.name}
          </Title>
          {isHost && (
            // The spec keeps the host menu to desktop; below 768 px only start remains.
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  visibleFrom="sm"
                  aria-label={t('card.menu', { name: stream.name })}
                >
                  <span aria-hidden="true">⋯</span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => onEdit(stream)}>{t('card.edit')}</Menu.Item>
                <Menu.Item onClick={() => onCopyInvitation(stream)}>{t('card.copy')}</Menu.Item>
                <Menu.Item color="red.9" onClick={() => onDelete(stream)}>
                  {t('card.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Text size="sm" c="dimmed" component="dl" m={0}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" fw={600} style={{ flexShrink: 0 }}>
              {t('card.lesson')}
            </Text>
            <Text component="dd" size="sm" m={0} lineClamp={2} data-testid="room-lesson">
              {lesson ?? '…'}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text component="dt" size="sm" fw={600}>
              {t('card.startTime')}
            </Text>
            <Text component="dd" size="sm" m={0}>
              <time dateTime={new Date(stream.settings.startTime).toISOString()}>
                {formatDateTime(stream.settings.startTime)}
              </time>
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text component="dt" size="sm" fw={600}>
              {t('card.host')}
            </Text>
            <Text component="dd" size="sm" m={0} truncate>
              {host.kind === 'you' ? t('card.you') : names.label(host.name)}
            </Text>
          </Group>
        </Text>
        <Button
          component={Link}
          to={buildWatchUrl(stream)}
          mt="auto"
          variant={isHost ? 'filled' : 'light'}
          fullWidth
        >
          {isHost ? t('card.start') : t('card.join')}
        </Button>
      </Stack>
    </Card>
  );
}
