import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SKELETON_ROOMS, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { Stream } from '@/contracts/entities';
import { useMe } from '@/features/auth';
import { formatDateTime } from '@/lib/time';
import { useUpdateStream } from './api/save-stream';
import { copyText, invitationUrl } from './invitation';
import { DeleteRoomModal } from './delete-room-modal';
import { RoomCard } from './room-card';
import { mayCreateRoom, roomsTitleKey } from './room-rules';
import { useLiveRooms } from './use-live-rooms';

export interface RoomsSectionProps {
  /** Only this session's rooms (the session page); absent: every room of the user's groups. */
  sessionId?: string;
}

// The form brings the date picker and its styles: loaded when first opened, so home stays small.
const RoomFormModal = lazy(() =>
  import('./room-form-modal').then((m) => ({ default: m.RoomFormModal })),
);

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; stream: Stream };

const notify = (message: string, color = 'teal') =>
  notifications.show({ message, color, autoClose: TOAST_AUTO_CLOSE_MS });

/** The rooms list ('your school'), live, with the host's create / edit / delete / copy. */
export function RoomsSection({ sessionId }: RoomsSectionProps) {
  const { t } = useTranslation('rooms');
  const titleId = useId();
  const me = useMe();
  const live = useLiveRooms(sessionId);
  const remove = useUpdateStream();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Stream | null>(null);
  // The server decides who may host; the UI offers creation to the staff roles
  // (docs/decisions/0126-rooms-ui.md).
  const mayCreate = mayCreateRoom(me.data);

  const onSaved = (_stream: Stream, mode: 'created' | 'updated') => {
    setForm({ mode: 'closed' });
    notify(t(`messages.${mode}`));
  };

  const onConfirmDelete = (stream: Stream) => {
    remove.mutate(
      { id: stream.id, body: { isDeleted: true } },
      {
        onSuccess: () => {
          setDeleting(null);
          notify(t('messages.deleted'));
        },
        onError: (error) => {
          // The spec's error catalogue: a delete failure is logged only, with no message.
          console.error('[rooms] delete failed', error);
          setDeleting(null);
        },
      },
    );
  };

  const onCopyInvitation = (stream: Stream) => {
    const text = t('invitation', {
      name: stream.name,
      time: formatDateTime(stream.settings.startTime),
      url: invitationUrl(stream, window.location.origin),
    });
    void copyText(text, navigator.clipboard).then((result) =>
      result === 'copied'
        ? notify(t('messages.copied'))
        : notify(t('messages.notSupported'), 'orange'),
    );
  };

  let body;
  if (live.isPaused) {
    body = (
      <Text size="sm" data-testid="rooms-offline">
        {t('offline')}
      </Text>
    );
  } else if (live.isPending) {
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, sm: 3 }}
        role="status"
        aria-busy="true"
        aria-label={t('loading')}
      >
        {Array.from({ length: SKELETON_ROOMS }, (_, i) => (
          <Card key={i} withBorder radius="md" padding="md" data-testid="room-skeleton">
            <Stack gap="xs">
              <Skeleton h={20} w="70%" />
              <Skeleton h={14} w="85%" />
              <Skeleton h={14} w="50%" />
              <Skeleton h={36} mt="xs" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (live.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('error')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void live.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (live.rooms.length === 0) {
    body = <Text c="dimmed">{t('empty')}</Text>;
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, sm: 3 }}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {live.rooms.map((stream) => (
          <li key={stream.id}>
            <RoomCard
              stream={stream}
              myUserId={me.data?._id}
              onEdit={(s) => setForm({ mode: 'edit', stream: s })}
              onDelete={setDeleting}
              onCopyInvitation={onCopyInvitation}
            />
          </li>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {sessionId ? t('sessionTitle') : t(roomsTitleKey(me.data))}
        </Title>
        {mayCreate && (
          <Button size="sm" variant="light" onClick={() => setForm({ mode: 'create' })}>
            {t('create')}
          </Button>
        )}
      </Group>
      {body}
      {form.mode !== 'closed' && (
        <Suspense fallback={null}>
          <RoomFormModal
            opened
            onClose={() => setForm({ mode: 'closed' })}
            {...(form.mode === 'edit' ? { stream: form.stream } : {})}
            {...(sessionId ? { sessionId } : {})}
            onSaved={onSaved}
          />
        </Suspense>
      )}
      <DeleteRoomModal
        stream={deleting}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
      />
    </Stack>
  );
}
