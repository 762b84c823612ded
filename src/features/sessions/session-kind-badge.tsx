import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '@/contracts/entities';
import { formatDateTime } from '@/lib/time';
import { soloWatchKind } from './session-rules';

export interface SessionKindBadgeProps {
  status: SessionStatus;
  /** Shown beside "live" when given (cards); the report has its own start column. */
  startTime?: number | undefined;
}

/**
 * Live (with its start time) or archive, so a live session and the archive of the same video
 * are told apart wherever both are listed (issue 9, item 4). A private session has no badge.
 */
export function SessionKindBadge({ status, startTime }: SessionKindBadgeProps) {
  const { t } = useTranslation('sessions');
  if (status === 'PRIVATE') return null;
  const kind = soloWatchKind(status);
  const label =
    kind === 'archive'
      ? t('kind.archive')
      : startTime === undefined
        ? t('kind.live')
        : t('kind.liveAt', { time: formatDateTime(startTime) });
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={kind === 'live' ? 'red.9' : 'gray.9'}
      style={{ textTransform: 'none', flexShrink: 0 }}
      data-testid="session-kind"
    >
      {label}
    </Badge>
  );
}
