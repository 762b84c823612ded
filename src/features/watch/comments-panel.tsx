import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX } from '@/contracts/constants';
import type { Lang } from '@/contracts/entities';
import { useLiveComments, usePostLiveComment } from './api/comments';
import { commentDraftState } from './comment-draft';

export interface CommentsPanelProps {
  sessionId: string;
  streamId: string | null;
  lang: Lang;
}

/** Live comments of the room's language: pinned first, at most 400 characters, never blank. */
function CommentsPanelView({ sessionId, streamId, lang }: CommentsPanelProps) {
  const { t } = useTranslation('watch');
  const comments = useLiveComments(sessionId, streamId, lang);
  const post = usePostLiveComment(sessionId, streamId, lang);
  const [draft, setDraft] = useState('');
  const state = commentDraftState(draft);

  const submit = () => {
    if (!state.canSend || post.isPending) return;
    post.mutate(draft, { onSuccess: () => setDraft('') });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="comments-title">
      <Title order={2} size="h6" id="comments-title" mb="xs">
        {t('comments.title')}
      </Title>
      <ScrollArea.Autosize mah={320} mb="sm">
        {comments.isError ? (
          <Text size="sm" c="red">
            {t('comments.loadFailed')}
          </Text>
        ) : (comments.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {comments.isPending ? t('comments.loading') : t('comments.empty')}
          </Text>
        ) : (
          <Stack
            gap={8}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-live="polite"
          >
            {(comments.data ?? []).map((c) => (
              <li key={c.id} data-testid="live-comment">
                <Group gap={6}>
                  <Text size="xs" fw={700}>
                    {c.user.displayName}
                  </Text>
                  {c.isPinned && (
                    <Badge size="xs" variant="light">
                      {t('comments.pinned')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.content}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Textarea
          label={t('comments.label')}
          placeholder={t('comments.placeholder')}
          autosize
          minRows={2}
          maxRows={5}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
          error={state.over ? t('comments.tooLong', { max: COMMENT_MAX }) : undefined}
        />
        <Group justify="space-between" mt={6}>
          <Text size="xs" c={state.over ? 'red' : 'dimmed'} aria-live="polite">
            {t('comments.counter', { n: state.length, max: COMMENT_MAX })}
          </Text>
          <Button type="submit" size="xs" disabled={!state.canSend} loading={post.isPending}>
            {t('comments.send')}
          </Button>
        </Group>
        {post.isError && (
          <Alert color="red" variant="light" mt={6} role="alert">
            {t('comments.sendFailed')}
          </Alert>
        )}
      </form>
    </Paper>
  );
}

/** Memoized: the watch page re-renders with the room's clock; this only when its props change. */
export const CommentsPanel = memo(CommentsPanelView);
