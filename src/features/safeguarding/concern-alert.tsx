import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useUnseenConcerns } from './api';

/**
 * The adults' alert (issue 26): on every page of a staff account, asked every few seconds, a
 * concern nobody here has opened yet shows at once above the page, with the way to it.
 */
export function ConcernAlert() {
  const { t } = useTranslation('safeguarding');
  const location = useLocation();
  const unseen = useUnseenConcerns().data?.unseen ?? 0;
  if (unseen === 0 || location.pathname === '/concerns') return null;
  return (
    <Alert color="red" variant="filled" role="alert" data-testid="concern-alert" radius={0}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} size="sm" c="white">
          {t('alert.text', { count: unseen })}
        </Text>
        <Button component={Link} to="/concerns" size="xs" variant="white" color="red.9">
          {t('alert.open')}
        </Button>
      </Group>
    </Alert>
  );
}
