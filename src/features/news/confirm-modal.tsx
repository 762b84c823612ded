import { Button, Group, Modal, Text } from '@mantine/core';
import { MODAL_TRANSITION_MS } from '@/contracts/constants';

/**
 * Asks before a destructive step (withdraw a news item, archive a message). The cancel button
 * takes the focus, so Enter never confirms by accident; Escape cancels.
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': cancelLabel }}
      centered
    >
      <Text size="sm" mb="md" style={{ overflowWrap: 'anywhere' }}>
        {message}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
