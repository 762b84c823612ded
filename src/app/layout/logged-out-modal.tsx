import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiClient } from '@/lib/api-client';

/** Shown when the API client gave up on the session (refresh refused); OK goes to login. */
export function LoggedOutModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    const subscription = apiClient.loggedOut$.subscribe(() => setOpened(true));
    return () => subscription.unsubscribe();
  }, []);

  const confirm = () => {
    setOpened(false);
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
