import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * After login, for an account that has not agreed to the current terms: agree, or decline and be
 * logged out. A chunk of its own, fetched only when needed, so /login's first load carries no modal.
 */
export function TermsDialog({
  opened,
  agreeing,
  onAgree,
  onDecline,
}: {
  opened: boolean;
  agreeing: boolean;
  onAgree(): void;
  onDecline(): void;
}) {
  const { t } = useTranslation('login');
  return (
    <Modal
      opened={opened}
      onClose={onDecline}
      title={t('termsdialog.title')}
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text size="sm">{t('termsdialog.message')}</Text>
        <Anchor href="/terms" target="_blank" rel="noopener" size="sm">
          {t('termsdialog.termsLink')}
        </Anchor>
        <Text size="sm" fw={600}>
          {t('termsdialog.question')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDecline} disabled={agreeing}>
            {t('termsdialog.no')}
          </Button>
          <Button onClick={onAgree} loading={agreeing}>
            {t('termsdialog.yes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
