import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProfileReflection } from '@/contracts/api/profile';
import { MODAL_TRANSITION_MS } from '@/contracts/constants';
import { ReflectionEditor } from './reflection-editor';

export interface ReflectionDialogProps {
  opened: boolean;
  onClose: () => void;
  sessionId: string;
  /** The session's title in the reader's language, shown under the dialog's title. */
  sessionTitle?: string | undefined;
  onSaved?: (reflection: ProfileReflection) => void;
}

/**
 * The reflection editor in a dialog on the page the pupil is on (issue 24: the watch page's end
 * card opens it in place, no new tab). It loads the own reflection of the session, so a second
 * opening edits what was written. Escape or the close button closes it; what was typed stays on
 * the device until it is saved.
 */
export function ReflectionDialog({
  opened,
  onClose,
  sessionId,
  sessionTitle,
  onSaved,
}: ReflectionDialogProps) {
  const { t } = useTranslation('profile');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('reflection.writeTitle')}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      size="lg"
      data-testid="reflection-dialog"
    >
      {sessionTitle && (
        <Text size="sm" fw={600} mb="sm">
          {t('reflection.forSession', { title: sessionTitle })}
        </Text>
      )}
      {opened && (
        <ReflectionEditor
          sessionId={sessionId}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
