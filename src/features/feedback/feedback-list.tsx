import { RemoveButton } from '@/features/moderation';
import { NotPublishedNotice } from './not-published-notice';
import { Avatar, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackView } from '@/contracts/api/feedback';
import { useRelativeTime, type RelativeTimeText } from '@/lib/use-relative-time';
import { toLang } from '@/contracts/user-entities';
import { reactToFeedback, useFeedbackCache } from './api/feedback-api';
import { TranslateToggle } from './translate-toggle';
import { useTranslateToggle } from './use-translate-toggle';
import { usePersonName } from '@/lib/person-name';

/**
 * The feedback under an output. Published feedback of others has like and report; unpublished
 * feedback (only its author and staff receive it) is labelled 'awaiting approval' without them.
 * With `onRemove` (staff roles), others' published feedback can be taken down (issue 26).
 */
export function FeedbackList({
  items,
  userId,
  onReport,
  onRemove,
}: {
  items: readonly FeedbackView[];
  userId: string;
  onReport(feedbackId: string): void;
  onRemove?(feedbackId: string): void;
}) {
  const { t } = useTranslation('feedback');
  const relative = useRelativeTime();
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((f) => (
        <li key={f.id}>
          <FeedbackItem
            item={f}
            userId={userId}
            when={relative(f.createdAt)}
            onReport={() => onReport(f.id)}
            {...(onRemove && f.status === 'published' && f.userId !== userId
              ? { onRemove: () => onRemove(f.id) }
              : {})}
          />
        </li>
      ))}
    </Stack>
  );
}

function FeedbackItem({
  item,
  userId,
  when,
  onReport,
  onRemove,
}: {
  item: FeedbackView;
  userId: string;
  when: RelativeTimeText;
  onReport(): void;
  onRemove?(): void;
}) {
  const { t, i18n } = useTranslation('feedback');
  const names = usePersonName();
  const cache = useFeedbackCache();
  const tr = useTranslateToggle(item.content, toLang(i18n.language, 'ja'));
  const [busy, setBusy] = useState(false);

  const toggleLike = async () => {
    setBusy(true);
    try {
      const next = await reactToFeedback({
        feedbackId: item.id,
        type: item.liked ? 'unlike' : 'like',
        outputId: item.outputId,
        userId,
      });
      cache.setLike(item.outputId, item.id, next.likes, next.liked);
    } catch {
      // Left as it was; the list reloads with the viewer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" data-feedback-id={item.id}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar src={item.user.image} alt="" size={32} radius="xl" />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              {names.label(item.user.displayName)}
            </Text>
            <Text size="xs" c="gray.7" component="time" dateTime={when.dateTime} title={when.title}>
              {when.text}
            </Text>
          </Group>
          {item.status === 'rejected' && (
            <NotPublishedNotice
              kind="feedback"
              note={item.moderationNote}
              reason={item.moderationReason}
            />
          )}
          {item.awaitingApproval && item.status !== 'rejected' && (
            <Badge color="yellow" variant="light" c="dark.7" w="fit-content">
              {t('list.awaitingApproval')}
            </Badge>
          )}
          {item.hidden && !item.awaitingApproval && (
            <Text size="xs" c="orange.9">
              {t('list.hidden')}
            </Text>
          )}
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="feedback-content"
          >
            {tr.shown}
          </Text>
          <TranslateToggle tr={tr} />
          {item.canReact ? (
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant={item.liked ? 'light' : 'subtle'}
                color="pink"
                c="pink.9"
                aria-pressed={item.liked}
                loading={busy}
                onClick={() => void toggleLike()}
                leftSection={<span aria-hidden>{item.liked ? '♥' : '♡'}</span>}
              >
                {t('list.like')} {item.likes}
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" c="gray.8" onClick={onReport}>
                {t('list.report')}
              </Button>
            </Group>
          ) : (
            !item.awaitingApproval &&
            item.likes > 0 && (
              <Text size="xs" c="gray.7">
                {t('list.likeCount', { count: item.likes })}
              </Text>
            )
          )}
          {onRemove && <RemoveButton onClick={onRemove}>{t('list.remove')}</RemoveButton>}
        </Stack>
      </Group>
    </Paper>
  );
}
