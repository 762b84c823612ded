import {
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionParticipant } from '@/contracts/entities';
import type { ParticipantStatus } from '@/engine';
import { usePersonName } from '@/lib/person-name';
import {
  countByRoleFilter,
  filterParticipants,
  isParticipantRoleFilter,
  PARTICIPANT_ROLE_FILTERS,
  type ParticipantRoleFilter,
} from './participants';
import { SYNC_COLORS } from './sync-indicator';
import { formatDrift, participantSyncState } from '../session/sync-state';

export interface ParticipantsPanelProps {
  participants: readonly SessionParticipant[];
  /** The host sees each follower's drift and buffering (null: not the host). */
  statuses: Readonly<Record<string, ParticipantStatus>> | null;
  serverNow: number;
  hostUserId: string | null;
  /** The role filter the panel opens with (everyone unless told). */
  defaultRoleFilter?: ParticipantRoleFilter;
}

function ParticipantsPanelView({
  participants,
  statuses,
  serverNow,
  hostUserId,
  defaultRoleFilter = 'all',
}: ParticipantsPanelProps) {
  const { t } = useTranslation('watch');
  const names = usePersonName();
  const [filter, setFilter] = useState<ParticipantRoleFilter>(defaultRoleFilter);
  const counts = countByRoleFilter(participants);
  const shown = filterParticipants(participants, filter);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="participants-title">
      <Title order={2} size="h6" id="participants-title" mb="xs">
        {t('participants.title', { n: participants.length })}
      </Title>
      {participants.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('participants.empty')}
        </Text>
      ) : (
        <>
          {/* Radio inputs underneath: Tab reaches the group, the arrow keys change the role. */}
          <SegmentedControl
            size="xs"
            fullWidth
            mb="xs"
            aria-label={t('participants.filter.label')}
            value={filter}
            onChange={(v) => isParticipantRoleFilter(v) && setFilter(v)}
            data={PARTICIPANT_ROLE_FILTERS.map((f) => ({
              value: f,
              label: t(`participants.filter.${f}`, { n: counts[f] }),
            }))}
            data-testid="participant-role-filter"
          />
          {shown.length === 0 ? (
            <Stack gap={6} align="flex-start" role="status" data-testid="participants-filter-empty">
              <Text size="sm" c="dimmed">
                {t(`participants.filter.empty.${filter === 'supporter' ? 'supporter' : 'member'}`)}
              </Text>
              <Button size="compact-xs" variant="light" onClick={() => setFilter('all')}>
                {t('participants.filter.showAll')}
              </Button>
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={240}>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {shown.map((p) => {
                  const report = statuses?.[p.id];
                  const state =
                    statuses && p.id !== hostUserId
                      ? participantSyncState(report, serverNow)
                      : null;
                  return (
                    <Group
                      key={p.id}
                      component="li"
                      gap="xs"
                      wrap="nowrap"
                      data-testid="participant"
                    >
                      <Avatar
                        src={p.image}
                        size="sm"
                        alt=""
                        name={names.hidden(p.displayName) ? undefined : p.displayName}
                      />
                      <Text size="sm" flex={1} truncate>
                        {names.label(p.displayName)}
                        {p.id === hostUserId && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            {t('participants.host')}
                          </Text>
                        )}
                      </Text>
                      {statuses && p.id !== hostUserId && (
                        <Badge
                          size="xs"
                          variant="light"
                          color={state ? SYNC_COLORS[state] : 'gray'}
                        >
                          {state ? t(`sync.${state}`) : t('participants.noReport')}
                        </Badge>
                      )}
                      {report && state !== 'offline' && (
                        <Text size="xs" ff="monospace" c="dimmed" w={64} ta="right">
                          {formatDrift(report.driftMs)}
                        </Text>
                      )}
                    </Group>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </>
      )}
    </Paper>
  );
}

/** Memoized: the watch page re-renders with the room's clock; this only when its props change. */
export const ParticipantsPanel = memo(ParticipantsPanelView);
