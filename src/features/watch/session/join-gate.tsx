import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPosition } from './sync-state';

export interface JoinGateProps {
  /** The join machine's state. */
  state: 'waiting' | 'joining' | 'full' | 'failed';
  kind: 'solo' | 'host' | 'follower';
  /** The room has ended: there is nothing left to join. */
  terminated: boolean;
  /**
   * Watching alone: where this pupil left the video last time (s), or null. The gate then offers
   * to continue from there or to start over, each in the one tap (issue 24).
   */
  resumeAt?: number | null;
  /** The tap; alone, `from` is where playback starts (s). */
  onTap(from?: number): void;
}

/** Over the video until the viewer has joined: the tap that also unlocks sound. */
export function JoinGate({ state, kind, terminated, resumeAt = null, onTap }: JoinGateProps) {
  const { t } = useTranslation('watch');
  let body;
  if (terminated) {
    body = <Text fw={600}>{t(kind === 'host' ? 'terminatedByYou' : 'terminated')}</Text>;
  } else if (state === 'joining') body = <Loader color="white" aria-label={t('join.joining')} />;
  else if (state === 'full') {
    body = (
      <Text role="alert" fw={600}>
        {t('join.full')}
      </Text>
    );
  } else if (kind === 'solo' && resumeAt !== null) {
    body = (
      <>
        {state === 'failed' && <Text role="alert">{t('join.failed')}</Text>}
        {/* A phone's video is too short for this line too; the button says the time. */}
        <Text size="sm" visibleFrom="sm">
          {t('resume.hint', { time: formatPosition(resumeAt) })}
        </Text>
        <Button size="lg" onClick={() => onTap(resumeAt)} data-testid="join-resume">
          {t('resume.continue', { time: formatPosition(resumeAt) })}
        </Button>
        <Button size="sm" variant="white" onClick={() => onTap(0)} data-testid="join">
          {t('resume.restart')}
        </Button>
        <Text size="xs">{t('join.hintSolo')}</Text>
      </>
    );
  } else {
    body = (
      <>
        {state === 'failed' && <Text role="alert">{t('join.failed')}</Text>}
        <Button size="lg" onClick={() => onTap(kind === 'solo' ? 0 : undefined)} data-testid="join">
          {kind === 'solo' ? t('join.watch') : kind === 'host' ? t('join.host') : t('join.join')}
        </Button>
        <Text size="xs">{kind === 'solo' ? t('join.hintSolo') : t('join.hint')}</Text>
      </>
    );
  }
  return (
    <Stack align="center" gap="xs" c="white" ta="center" px="md">
      {body}
    </Stack>
  );
}
