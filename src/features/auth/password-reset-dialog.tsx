import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_TRANSITION_MS } from '@/contracts/constants';
import { isBlankText } from '@/contracts/blank-text';
import { requestPasswordReset } from './api/password-reset';

type Phase = 'idle' | 'sending' | 'sent' | 'failed' | 'tooMany';

/**
 * "Forgot your password?": the pupil sends their account name; their teachers see the request in
 * the group settings and set a new password. Loaded only when opened (the login page stays small).
 */
export function PasswordResetDialog({
  opened,
  initialUsername,
  onClose,
}: {
  opened: boolean;
  initialUsername: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('login');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('passwordReset.title')}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('passwordReset.close') }}
      centered
    >
      {opened && <PasswordResetForm initialUsername={initialUsername} onClose={onClose} />}
    </Modal>
  );
}

function PasswordResetForm({
  initialUsername,
  onClose,
}: {
  initialUsername: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('login');
  const [username, setUsername] = useState(initialUsername);
  const [phase, setPhase] = useState<Phase>('idle');
  const [waitMin, setWaitMin] = useState(15);

  const submit = async () => {
    setPhase('sending');
    const outcome = await requestPasswordReset(username);
    if (outcome.kind === 'tooMany')
      setWaitMin(Math.max(1, Math.ceil((outcome.retryAfterS ?? 15 * 60) / 60)));
    setPhase(outcome.kind);
  };

  if (phase === 'sent')
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" role="status">
          {t('passwordReset.sent')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('passwordReset.done')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!isBlankText(username) && phase !== 'sending') void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('passwordReset.intro')}</Text>
        <TextInput
          label={t('accountName.label')}
          name="reset-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
          data-autofocus
        />
        {phase === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('passwordReset.failed')}
          </Alert>
        )}
        {phase === 'tooMany' && (
          <Alert color="orange" variant="light" role="alert" data-testid="password-reset-too-many">
            {t('passwordReset.tooMany', { count: waitMin })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('passwordReset.cancel')}
          </Button>
          <Button type="submit" disabled={isBlankText(username)} loading={phase === 'sending'}>
            {t('passwordReset.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
