import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDrift, type SyncState } from './sync-state';

export const SYNC_COLORS: Record<SyncState, string> = {
  inSync: 'teal',
  catchingUp: 'yellow',
  buffering: 'orange',
  offline: 'gray',
};

/** This follower's sync state, with its drift for the curious. */
export function SyncIndicator({ state, driftMs }: { state: SyncState; driftMs: number | null }) {
  const { t } = useTranslation('watch');
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="sync-indicator" data-state={state}>
      <Badge color={SYNC_COLORS[state]} variant="light">
        {t(`sync.${state}`)}
      </Badge>
      {driftMs !== null && state !== 'offline' && (
        <Text size="xs" c="dimmed" ff="monospace">
          {t('sync.drift', { drift: formatDrift(driftMs) })}
        </Text>
      )}
    </Group>
  );
}
