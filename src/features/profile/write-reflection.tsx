import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_TRANSITION_MS } from '@/contracts/constants';
import { toLang } from '@/contracts/user-entities';
import { ReflectionEditor, useUserReflections } from '@/features/reflections';
import { localizeSession } from '@/features/sessions';
import { useUserSessions } from './api/profile-lists';

/**
 * マイページ's "write a reflection" (issue 24): the pupil chooses one of the sessions they joined
 * (newest first; one already reflected on is marked and opens what was written) and writes in the
 * reflection editor, in a dialog on the page.
 */
export function WriteReflectionDialog({
  userId,
  opened,
  onClose,
}: {
  userId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const lang = toLang(i18n.language, 'ja');
  const sessions = useUserSessions(userId);
  const reflections = useUserReflections(userId, opened);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const written = new Set((reflections.data ?? []).map((r) => r.sessionId));
  const close = () => {
    setSessionId(null);
    onClose();
  };

  let body;
  if (sessions.isPending) {
    body = (
      <Group gap="sm" role="status" aria-label={t('reflection.sessionsLoading')}>
        <Loader size="sm" />
        <Text size="sm">{t('reflection.sessionsLoading')}</Text>
      </Group>
    );
  } else if (sessions.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('reflection.sessionsFailed')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void sessions.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (sessions.data.length === 0) {
    body = (
      <Text size="sm" data-testid="reflection-no-sessions">
        {t('reflection.noSessions')}
      </Text>
    );
  } else {
    const options = sessions.data.map((s) => {
      const title = localizeSession(s, lang).title;
      return {
        value: s.id,
        label: written.has(s.id) ? t('reflection.sessionWritten', { title }) : title,
      };
    });
    body = (
      <Stack gap="md">
        <Select
          label={t('reflection.session')}
          placeholder={t('reflection.sessionPlaceholder')}
          data={options}
          value={sessionId}
          onChange={setSessionId}
          allowDeselect={false}
          searchable={options.length > 8}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {sessionId && (
          <Suspense fallback={<Loader size="sm" aria-label={t('reflection.loading')} />}>
            <ReflectionEditor
              key={sessionId}
              sessionId={sessionId}
              onSaved={close}
              onCancel={close}
            />
          </Suspense>
        )}
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('reflection.writeTitle')}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      size="lg"
    >
      {body}
    </Modal>
  );
}
