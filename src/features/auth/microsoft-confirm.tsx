import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spec's confirm dialog before the Microsoft sign-in page: OK is the gesture that opens it. */
export function MicrosoftConfirm({
  opened,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation('login');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('microsoftConfirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('microsoftConfirm.cancel') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('microsoftConfirm.message')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('microsoftConfirm.cancel')}
          </Button>
          <Button onClick={onConfirm}>{t('microsoftConfirm.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
