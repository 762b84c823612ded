import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODERATION_REASONS,
  type ModerationReason,
  type RemovableType,
} from '@/contracts/api/moderation';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isApiError } from '@/lib/api-errors';
import { useLazyNamespace } from '@/lib/use-lazy-namespace';
import { useRemovePost } from './api/moderation-api';

export interface RemovalTarget {
  type: RemovableType;
  id: string;
}

/**
 * Takes a published post down (issue 26), wherever staff meet it: the queue's reports, an output
 * and its feedback, a session or live comment, a pupil's reflection. One confirm with a preset
 * reason the author reads in their own language; the post leaves every feed, notification and
 * activity line on the server. A post already taken down (409) counts as removed for the caller.
 * Its texts (the moderation namespace) load when staff first open it, not on a pupil's page.
 */
export function RemovalModal(props: RemovalModalProps) {
  return props.target ? <Loaded {...props} /> : null;
}

interface RemovalModalProps {
  target: RemovalTarget | null;
  onClose(): void;
  onRemoved?(target: RemovalTarget): void;
}

function Loaded(props: RemovalModalProps) {
  return useLazyNamespace('moderation') ? <Dialog {...props} /> : null;
}

function Dialog({ target, onClose, onRemoved }: RemovalModalProps) {
  const { t } = useTranslation('moderation');
  const remove = useRemovePost();
  const [reason, setReason] = useState<ModerationReason>('unkind');

  const close = () => {
    setReason('unkind');
    onClose();
  };
  const removed = (done: RemovalTarget) => {
    notifications.show({ color: 'teal', message: t('removed'), autoClose: TOAST_AUTO_CLOSE_MS });
    onRemoved?.(done);
    close();
  };

  return (
    <Modal opened={target !== null} onClose={close} title={t('reports.remove')}>
      <Stack gap="sm">
        <Text size="sm">{t('reports.confirm')}</Text>
        <Select
          label={t('reports.reasonLabel')}
          data={MODERATION_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
          value={reason}
          allowDeselect={false}
          onChange={(v) => v && setReason(v as ModerationReason)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('reports.cancel')}
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => {
              if (!target) return;
              remove.mutate(
                { ...target, reason },
                {
                  onSuccess: () => removed(target),
                  onError: (error) => {
                    // Someone else took it down first.
                    if (isApiError(error) && error.status === 409) return removed(target);
                    notifications.show({
                      color: 'red',
                      message: t('failed'),
                      autoClose: TOAST_AUTO_CLOSE_MS,
                    });
                  },
                },
              );
            }}
          >
            {t('reports.confirmRemove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The staff control that opens the removal dialog beside a post (dark red: axe-clean at 12 px). */
export function RemoveButton({ children, onClick }: { children: ReactNode; onClick(): void }) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="red"
      c="red.9"
      w="fit-content"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
