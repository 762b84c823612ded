import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TransportStatus } from '@/engine';
import { followerSyncState, formatDrift, type SyncState } from '../session/sync-state';
import { useObservable } from '../use-observable';
import type { WatchRoom } from '../session/watch-room';

export const SYNC_COLORS: Record<SyncState, string> = {
  inSync: 'teal',
  catchingUp: 'yellow',
  buffering: 'orange',
  offline: 'gray',
};

/**
 * This follower's sync state in a pupil's words ("watching with the class"); the drift figure
 * only when asked for (?debugSync) — the figures are the host's (issue 9, item 18).
 */
export function SyncIndicator({
  state,
  driftMs,
  showDrift = false,
}: {
  state: SyncState;
  driftMs: number | null;
  showDrift?: boolean;
}) {
  const { t } = useTranslation('watch');
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="sync-indicator" data-state={state}>
      <Badge color={SYNC_COLORS[state]} variant="light">
        {t(`sync.pupil.${state}`)}
      </Badge>
      {showDrift && driftMs !== null && state !== 'offline' && (
        <Text size="xs" c="dimmed" ff="monospace">
          {t('sync.drift', { drift: formatDrift(driftMs) })}
        </Text>
      )}
    </Group>
  );
}

/**
 * The follower's own indicator, subscribed to its status here: the status changes at every
 * follower tick, and only this badge needs to follow it, not the whole watch page.
 */
export function FollowerSyncIndicator({
  room,
  transport,
  showDrift = false,
}: {
  room: WatchRoom;
  transport: TransportStatus;
  showDrift?: boolean;
}) {
  const status = useObservable(room.followerStatus$, null);
  return (
    <SyncIndicator
      state={followerSyncState(transport, status)}
      driftMs={status?.driftMs ?? null}
      showDrift={showDrift}
    />
  );
}
