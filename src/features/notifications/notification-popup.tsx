import { Anchor, Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MODAL_TRANSITION_MS } from '@/contracts/constants';
import type { Notification } from '@/contracts/entities';
import { createMemoryStorage, type KeyValueStorage } from '@/lib/storage';
import { useRelativeTime, type RelativeTimeText } from '@/lib/use-relative-time';
import { useNotifications } from './api/get-notifications';
import { markNotificationsRead } from './api/mark-read';
import {
  nextShowAfter,
  readShowAfter,
  replyKey,
  SHOW_AFTER_KEY,
  shouldShowPopup,
} from './popup-rule';
import { usePersonName } from '@/lib/person-name';
import { NOTIFICATIONS_KEY } from './api/get-notifications';

function pageStorage(): KeyValueStorage {
  try {
    return globalThis.localStorage ?? createMemoryStorage();
  } catch {
    // Storage disabled: the popup then shows once per page load at most.
    return createMemoryStorage();
  }
}

export interface NotificationPopupProps {
  /** The signed-in user's record id (`_id`), for readNotificationAt. */
  userId: string;
  /**
   * The project page on the projects site, for project feedback links, with the anchor of the
   * feedback (`feedback-{id}`, the spec's project page anchor); null when not configured.
   */
  projectPageUrl: (projectId: string, anchor?: string) => string | null;
  /** The clock, injectable for tests. */
  now?: () => number;
}

function NotificationText({ item }: { item: Notification }) {
  const { t } = useTranslation('notifications');
  const names = usePersonName();
  // A withheld (forbidden) name reads as the sentence's "someone", like a missing one.
  const name =
    item.user && !names.hidden(item.user.displayName) ? item.user.displayName : t('someone');
  switch (item.type) {
    case 'replyToMyOutput':
      return <>{t(replyKey(item.count), { name, count: item.count })}</>;
    case 'receiveProjectFeedback':
      return <>{t('item.receiveProjectFeedback', { name })}</>;
    case 'outputsViolation':
    case 'unitOutputsViolation':
      return <>{t('item.violation')}</>;
    case 'joinSession':
      return <>{t('item.joinSession', { name })}</>;
    default:
      return <>{t('item.other', { name })}</>;
  }
}

function NotificationRow({
  item,
  projectPageUrl,
  when,
}: {
  item: Notification;
  projectPageUrl: NotificationPopupProps['projectPageUrl'];
  when: RelativeTimeText;
}) {
  const { t } = useTranslation('notifications');
  const session = item.items.session;
  const projectId = item.payload?.targetProjectId;
  const feedbackId = item.payload?.id;
  const projectUrl = projectId
    ? projectPageUrl(projectId, feedbackId ? `feedback-${feedbackId}` : undefined)
    : null;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <Avatar radius="xl" size={36} color="teal" aria-hidden="true">
        {(item.user?.displayName || '?').slice(0, 1)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm">
          <NotificationText item={item} />
        </Text>
        <Group gap="xs">
          {session && (
            <Anchor
              component={Link}
              to={`/session/${encodeURIComponent(session.id)}`}
              size="xs"
              c="cyan.9"
            >
              {session.title}
            </Anchor>
          )}
          {projectUrl && (
            <Anchor
              href={projectUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              c="cyan.9"
            >
              {t('openProject')}
            </Anchor>
          )}
          <Text size="xs" c="gray.7" component="time" dateTime={when.dateTime} title={when.title}>
            {when.text}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

/**
 * The notification modal: new feedback received since the last read time ('all'). It opens by
 * itself when there is something and the stored show-after time has passed; opening moves that
 * time one day ahead and sends readNotificationAt, so the same items do not come back.
 */
export function NotificationPopup({
  userId,
  projectPageUrl,
  now = Date.now,
}: NotificationPopupProps) {
  const { t } = useTranslation('notifications');
  const relative = useRelativeTime();
  const query = useNotifications('all');
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [items, setItems] = useState<Notification[]>([]);
  const decided = useRef(false);

  useEffect(() => {
    if (decided.current || !query.data) return;
    decided.current = true;
    const storage = pageStorage();
    const at = now();
    if (!shouldShowPopup(query.data.length, readShowAfter(storage), at)) return;
    // Keep the list shown even after the queries refetch with the new read time.
    setItems(query.data);
    setOpened(true);
    storage.setItem(SHOW_AFTER_KEY, String(nextShowAfter(at)));
    markNotificationsRead(userId, at)
      .then(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }))
      .catch(() => {
        // Not fatal: the show-after time still keeps the popup away for a day.
      });
  }, [query.data, userId, now, queryClient]);

  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title={t('title')}
      closeButtonProps={{ 'aria-label': t('close') }}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('lead', { count: items.length })}
        </Text>
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              projectPageUrl={projectPageUrl}
              when={relative(item.createdAt)}
            />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button onClick={() => setOpened(false)}>{t('ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
