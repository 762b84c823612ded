import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Stream } from '@/contracts/entities';

export interface DeleteRoomModalProps {
  stream: Stream | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(stream: Stream): void;
}

/** Asks before a room is deleted (softly: PUT isDeleted true). */
export function DeleteRoomModal({ stream, deleting, onCancel, onConfirm }: DeleteRoomModalProps) {
  const { t } = useTranslation('rooms');
  return (
    <Modal opened={stream !== null} onClose={onCancel} title={t('delete.title')} centered>
      <Text size="sm">{t('delete.message', { name: stream?.name ?? '' })}</Text>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('delete.cancel')}
        </Button>
        <Button color="red" loading={deleting} onClick={() => stream && onConfirm(stream)}>
          {t('delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
