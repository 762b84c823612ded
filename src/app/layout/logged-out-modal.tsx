import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * Shown when the API client gave up on the session (refresh refused); OK goes to login. The root
 * layout listens for that and fetches this modal only then (issue 10: no modal in the first load).
 */
export function LoggedOutModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = () => {
    onClose();
    queryClient.clear();
    void navigate('/login', { replace: true });
  };

  return (
    <Modal
      opened={opened}
      onClose={confirm}
      title={t('loggedOut.title')}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
    >
      <Text size="sm">{t('loggedOut.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={confirm} data-autofocus>
          {t('loggedOut.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
