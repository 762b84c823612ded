import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCare } from './api';

/**
 * What a pupil sees when what they wrote speaks of hurting themselves (issue 26): it was not
 * posted, an adult will read it, and where to get help right now. Calm words, no blame, the
 * numbers as links a phone can call.
 */
export function CareDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('safeguarding');
  const care = useCare();
  const helpline = care.data?.helpline;
  const school = care.data?.school;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Title order={2} size="h3">
          {t('care.title')}
        </Title>
      }
      centered
      data-testid="care-dialog"
    >
      <Stack gap="sm">
        <Text>{t('care.kept')}</Text>
        <Text>{t('care.notAlone')}</Text>
        <Stack gap={4} component="section" aria-labelledby="care-now">
          <Text id="care-now" fw={700}>
            {t('care.now')}
          </Text>
          <Text>
            {helpline?.name ?? t('care.helplineName')}{' '}
            <Anchor
              href={`tel:${(helpline?.phone ?? t('care.helplinePhone')).replace(/-/g, '')}`}
              fw={700}
              c="blue.9"
            >
              {helpline?.phone ?? t('care.helplinePhone')}
            </Anchor>
          </Text>
          <Text size="sm" c="gray.8">
            {t('care.helplineNote')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text fw={700}>{t('care.atSchool')}</Text>
          <Text>{school?.contact ?? t('care.schoolFallback')}</Text>
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('care.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
