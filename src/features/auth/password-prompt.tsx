import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Me } from '@/contracts/user-entities';

/** The password page itself and the login pages never show the prompt. */
const PASSWORD_PAGE = '/setting/password';
const isExempt = (pathname: string) =>
  pathname.startsWith('/login') || pathname.replace(/\/$/, '') === PASSWORD_PAGE;

/**
 * The password change prompt: while the user's password is flagged isPasswordUnconfirmed (a
 * teacher set it), every page asks them to change it; confirm goes to /setting/password. "Later"
 * hides it until the next page load (docs/decisions/0109-shell-links-and-prompts.md).
 */
export function PasswordPrompt({ me }: { me: Me | undefined }) {
  const { t } = useTranslation('login');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(false);
  const opened = me?.isPasswordUnconfirmed === true && !dismissed && !isExempt(pathname);

  return (
    <Modal
      opened={opened}
      onClose={() => setDismissed(true)}
      title={t('passwordPrompt.title')}
      centered
      closeButtonProps={{ 'aria-label': t('passwordPrompt.later') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('passwordPrompt.message')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setDismissed(true)}>
            {t('passwordPrompt.later')}
          </Button>
          <Button onClick={() => void navigate(PASSWORD_PAGE)}>
            {t('passwordPrompt.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
