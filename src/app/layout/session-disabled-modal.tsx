import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';

const RedirectState = z.object({ redirectSessionId: z.string().min(1) });

/**
 * A page that cannot be played with this account sends the user home with `redirectSessionId`
 * (query or router state); this modal says why. Closing it removes the marker from the URL.
 */
export function SessionDisabledModal() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const fromState = RedirectState.safeParse(location.state).success;
  const opened = fromState || searchParams.has('redirectSessionId');

  const close = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('redirectSessionId');
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: null },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('sessionDisabled.title')} centered>
      <Text size="sm">{t('sessionDisabled.message')}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close} data-autofocus>
          {t('sessionDisabled.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
