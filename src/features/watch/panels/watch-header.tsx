import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isStaffRole,
  type Lang,
  type Me,
  type Session,
  type Stream,
  type Video,
} from '@/contracts/entities';
import { downloadableVideo } from '@/contracts/video-choice';
import type { TransportStatus } from '@/engine';
import { DownloadButton } from '@/features/downloads';
import { FollowerSyncIndicator } from './sync-indicator';
import type { WatchRoom } from '../session/watch-room';

/**
 * The page's heading: the session's title, the room's name, and beside them the staff's download
 * of an archive, the viewer's role in the room, and how this page is following it.
 */
export function WatchHeader({
  session,
  stream,
  me,
  video,
  lang,
  isHost,
  joined,
  room,
  transport,
  showDrift,
}: {
  session: Session;
  stream: Stream | null;
  me: Me;
  video: Video;
  lang: Lang;
  isHost: boolean;
  joined: boolean;
  room: WatchRoom | null;
  transport: TransportStatus | 'closed';
  showDrift: boolean;
}) {
  const { t } = useTranslation('watch');
  const solo = stream === null;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} size="h3">
          {session.title}
        </Title>
        <Text size="sm" c="dimmed">
          {stream ? t('roomName', { name: stream.name }) : t('solo')}
        </Text>
      </Stack>
      <Group gap="xs">
        {solo && isStaffRole(me.role) && downloadableVideo(session) === video && (
          <DownloadButton session={session} lang={lang} />
        )}
        {!solo && <Badge variant="outline">{isHost ? t('role.host') : t('role.follower')}</Badge>}
        {!solo && !isHost && joined && room && (
          <FollowerSyncIndicator room={room} transport={transport} showDrift={showDrift} />
        )}
        {!solo && isHost && transport !== 'open' && (
          <Badge color="gray" variant="light" role="status">
            {t('sync.offline')}
          </Badge>
        )}
      </Group>
    </Group>
  );
}
