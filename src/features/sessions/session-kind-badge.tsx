import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SessionStatus } from '@/contracts/entities';
import { isLiveSession } from '@/lib/live-sessions';
import { formatDateTime } from '@/lib/time';

export interface SessionKindBadgeProps {
  status: SessionStatus;
  /** Without it the rule cannot be applied: IN_PROGRESS reads live, as the status says. */
  startTime?: number | undefined;
  /** The start beside the label (cards); the report has its own start column. */
  withTime?: boolean;
  /** Now (ms); the render's clock unless given (tests). */
  now?: number;
}

/** What a session is badged as: live, announced, or a recording (archive). */
export type SessionKind = 'live' | 'notice' | 'archive';

/**
 * Live only by the spec's rule (core-platform §4: IN_PROGRESS and starting now or later); an
 * announced session (NOTICE) is "scheduled"; anything else is watched as a recording, whatever its
 * start time (issue 24: a recorded lesson was badged live because it had one).
 */
export const sessionKind = (
  session: { status: SessionStatus; startTime?: number | undefined },
  now: number,
): SessionKind => {
  const { status, startTime } = session;
  const live =
    startTime === undefined ? status === 'IN_PROGRESS' : isLiveSession({ status, startTime }, now);
  return live ? 'live' : status === 'NOTICE' ? 'notice' : 'archive';
};

/**
 * Live (with its start time), scheduled or archive, so a live session and the archive of the same
 * video are told apart wherever both are listed (issue 9, item 4). A private session has no badge.
 */
export function SessionKindBadge({
  status,
  startTime,
  withTime = true,
  now,
}: SessionKindBadgeProps) {
  const { t } = useTranslation('sessions');
  if (status === 'PRIVATE') return null;
  const kind = sessionKind({ status, startTime }, now ?? Date.now());
  const time = withTime && startTime !== undefined ? formatDateTime(startTime) : null;
  const label =
    kind === 'archive'
      ? t('kind.archive')
      : kind === 'live'
        ? time === null
          ? t('kind.live')
          : t('kind.liveAt', { time })
        : time === null
          ? t('kind.notice')
          : t('kind.noticeAt', { time });
  return (
    <Badge
      size="sm"
      radius="sm"
      variant="light"
      color={kind === 'live' ? 'red.9' : kind === 'notice' ? 'blue.9' : 'gray.9'}
      style={{ textTransform: 'none', flexShrink: 0 }}
      data-testid="session-kind"
      data-kind={kind}
    >
      {label}
    </Badge>
  );
}
