import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RoomFailure } from '@/engine';

/** What stops or limits the room, above the video: it failed, this device is offline, it ended. */
export function RoomNotices({
  failure,
  online,
  terminated,
  isHost,
}: {
  failure: RoomFailure | null;
  online: boolean;
  terminated: boolean;
  isHost: boolean;
}) {
  const { t } = useTranslation('watch');
  return (
    <>
      {failure && (
        <Alert color="red" variant="light" role="alert" data-testid="room-failed">
          <Text size="sm" c="dark.7">
            {t(`roomFailed.${failure}`)}
          </Text>
        </Alert>
      )}
      {!online && (
        <Alert color="orange" variant="light" role="status" data-testid="offline-notice">
          <Text size="sm" c="dark.7">
            {t('offline')}
          </Text>
        </Alert>
      )}
      {terminated && (
        <Alert color="gray" variant="light" role="status" data-testid="room-ended">
          {/* The host ended it themselves: not "the host has ended this room" (issue 24). */}
          {t(isHost ? 'terminatedByYou' : 'terminated')}
        </Alert>
      )}
    </>
  );
}
