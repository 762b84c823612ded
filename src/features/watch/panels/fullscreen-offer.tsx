import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The viewer last watched full screen: offered again once they are watching (a page cannot go
 * full screen by itself; the button's click is the gesture the browser asks for).
 */
export function FullscreenOffer({ onAccept, onDecline }: { onAccept(): void; onDecline(): void }) {
  const { t } = useTranslation('watch');
  return (
    <Alert color="blue" variant="light" role="status" data-testid="fullscreen-offer">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('fullscreenOffer.text')}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={onAccept}>
            {t('fullscreenOffer.accept')}
          </Button>
          <Button size="xs" variant="default" onClick={onDecline}>
            {t('fullscreenOffer.decline')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
