import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Me } from '@/contracts/user-entities';
import { meQueryKey } from '@/features/auth';
import { dismissViolation } from './api/update-profile';

/**
 * The profile or image violation warning, with its text around a link to /policy. Dismissing it
 * deletes the flag on the server (DELETE /v1/me/violation/{key}) and hides it at once.
 */
export function ViolationNotice({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const keys = me.violationStatuses.filter((k) => !hidden.has(k));
  if (keys.length === 0) return null;

  const dismiss = (key: 'profile' | 'image') => {
    setHidden((h) => new Set([...h, key]));
    void dismissViolation(key)
      .then((updated) => queryClient.setQueryData(meQueryKey, updated))
      // The notice comes back on the next visit if the flag could not be removed.
      .catch(() => undefined);
  };

  return (
    <Stack gap="xs">
      {keys.map((key) => (
        <Alert
          key={key}
          color="orange"
          variant="light"
          // The default orange title is too light on its tint for small text.
          title={
            <Text span fw={700} size="sm" c="dark.8">
              {t('violation.title')}
            </Text>
          }
          withCloseButton
          closeButtonLabel={t('violation.dismiss')}
          onClose={() => dismiss(key)}
          role="status"
        >
          <Text size="sm">
            {t(`violation.${key}.before`)}
            <Anchor c="cyan.9" component={Link} to="/policy" size="sm">
              {t(`violation.${key}.link`)}
            </Anchor>
            {t(`violation.${key}.after`)}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}

/**
 * The own display name is forbidden (the posting rules' screening holds it): others see 'no
 * permission' in its place. Not dismissible: it lasts exactly as long as the name does.
 */
export function NameHiddenNotice({ me }: { me: Pick<Me, 'displayNameHidden'> }) {
  const { t } = useTranslation('profile');
  if (!me.displayNameHidden) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={
        <Text span fw={700} size="sm" c="dark.8">
          {t('nameHidden.title')}
        </Text>
      }
      role="status"
      data-testid="name-hidden-notice"
    >
      <Text size="sm">
        {t('nameHidden.text')}{' '}
        <Anchor c="cyan.9" component={Link} to="/policy" size="sm">
          {t('nameHidden.link')}
        </Anchor>
      </Text>
    </Alert>
  );
}
