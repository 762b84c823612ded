import { Button, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface JoinGateProps {
  /** The join machine's state. */
  state: 'waiting' | 'joining' | 'full' | 'failed';
  kind: 'solo' | 'host' | 'follower';
  /** The room has ended: there is nothing left to join. */
  terminated: boolean;
  onTap(): void;
}

/** Over the video until the viewer has joined: the tap that also unlocks sound. */
export function JoinGate({ state, kind, terminated, onTap }: JoinGateProps) {
  const { t } = useTranslation('watch');
  let body;
  if (terminated) body = <Text fw={600}>{t('terminated')}</Text>;
  else if (state === 'joining') body = <Loader color="white" aria-label={t('join.joining')} />;
  else if (state === 'full') {
    body = (
      <Text role="alert" fw={600}>
        {t('join.full')}
      </Text>
    );
  } else {
    body = (
      <>
        {state === 'failed' && <Text role="alert">{t('join.failed')}</Text>}
        <Button size="lg" onClick={onTap} data-testid="join">
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
