import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isStaffRole, type Comment, type Lang, type Role } from '@/contracts/entities';
import { ReportModal, type ReportTarget } from '@/features/feedback';
import { RemovalModal, type RemovalTarget } from '@/features/moderation';
import { isApiError } from '@/lib/api-errors';
import {
  useCommentsPaused,
  useDeleteLiveComment,
  useLiveComments,
  usePauseComments,
  usePinLiveComment,
  usePostLiveComment,
  removeLiveComment,
} from '../api/comments';
import { commentDraftState } from './comment-draft';
import { useOnline } from '@/lib/use-online';
import { usePersonName } from '@/lib/person-name';
import { useRelativeTime } from '@/lib/use-relative-time';

export interface CommentsPanelProps {
  sessionId: string;
  streamId: string | null;
  lang: Lang;
  /** The signed-in user (who may delete or report which comment; their own name). */
  me: { _id: string; role: Role; displayName: string };
  /** The room's host (null on a solo page): deletes the room's comments, pauses them. */
  hostUserId: string | null;
  /** Whether comments were paused when the room was loaded. */
  commentsPaused: boolean;
}

/** The translation key for a failed post: screening and pause get their own message. */
const sendErrorKey = (
  error: unknown,
): 'comments.refused' | 'comments.paused' | 'comments.kept' | 'comments.sendFailed' => {
  if (isApiError(error) && error.code === 'commentRefused') return 'comments.refused';
  if (isApiError(error) && error.code === 'concernRaised') return 'comments.kept';
  if (isApiError(error) && error.code === 'commentsPaused') return 'comments.paused';
  return 'comments.sendFailed';
};

/**
 * Live comments of the room's language: pinned first, at most 400 characters, never blank,
 * screened by the server (a refusal keeps the draft). Any viewer reports another's comment; its
 * author and the room's host delete it; staff take another's down with a reason its author reads
 * (issue 26); the host pauses comments for the room.
 */
function CommentsPanelView({
  sessionId,
  streamId,
  lang,
  me,
  hostUserId,
  commentsPaused,
}: CommentsPanelProps) {
  const { t } = useTranslation('watch');
  const relative = useRelativeTime();
  const names = usePersonName();
  // A pushed comment carries the broadcast's name; one's own is always one's own.
  const authorOf = (c: Comment, form: 'label' | 'inSentence') =>
    c.userId === me._id ? me.displayName : names[form](c.user.displayName);
  const comments = useLiveComments(sessionId, streamId, lang);
  const post = usePostLiveComment(sessionId, streamId, lang);
  const remove = useDeleteLiveComment(sessionId, streamId, lang);
  const pin = usePinLiveComment(sessionId, streamId, lang);
  const mayPin = isStaffRole(me.role);
  const paused = useCommentsPaused(streamId, commentsPaused);
  const pause = usePauseComments(streamId);
  const isHost = streamId !== null && hostUserId === me._id;
  const [draft, setDraft] = useState('');
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [removing, setRemoving] = useState<RemovalTarget | null>(null);
  const queryClient = useQueryClient();
  const state = commentDraftState(draft);
  const blocked = paused && !isHost;
  const online = useOnline();
  // Offline, a send is refused with a message and the draft kept (issue 9, item 20).
  const [refusedOffline, setRefusedOffline] = useState(false);

  const submit = () => {
    if (!state.canSend || post.isPending || blocked) return;
    if (!online) {
      setRefusedOffline(true);
      return;
    }
    setRefusedOffline(false);
    post.mutate(draft, { onSuccess: () => setDraft('') });
  };

  const mayDelete = (c: Comment) =>
    c.userId === me._id || isStaffRole(me.role) || (isHost && c.streamId === streamId);

  const deleteComment = (c: Comment) =>
    remove.mutate(c.id, {
      onError: () =>
        notifications.show({
          color: 'red',
          message: t('comments.deleteFailed'),
          autoClose: TOAST_AUTO_CLOSE_MS,
        }),
    });

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="comments-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h6" id="comments-title">
          {/* Solo viewing is not live: the same comments, without "live" (issue 9, item 17). */}
          {streamId === null ? t('comments.titleSolo') : t('comments.title')}
        </Title>
        {isHost && (
          <Switch
            size="xs"
            label={t('comments.pauseSwitch')}
            checked={paused}
            disabled={pause.isPending}
            onChange={(e) => pause.mutate(e.currentTarget.checked)}
          />
        )}
      </Group>
      {paused && (
        <Alert color="yellow" variant="light" mb="xs" role="status" data-testid="comments-paused">
          {isHost ? t('comments.pausedHost') : t('comments.paused')}
        </Alert>
      )}
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
            {(comments.data ?? []).map((c) => {
              const when = relative(c.createdAt);
              return (
                <li key={c.id} data-testid="live-comment">
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" fw={700}>
                      {authorOf(c, 'label')}
                    </Text>
                    <Text
                      size="xs"
                      c="dimmed"
                      component="time"
                      dateTime={when.dateTime}
                      title={when.title}
                    >
                      {when.text}
                    </Text>
                    {c.isPinned && (
                      <Badge size="xs" variant="light">
                        {t('comments.pinned')}
                      </Badge>
                    )}
                    {(c.userId !== me._id || mayDelete(c)) && (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            ml="auto"
                            aria-label={t('comments.actions', { name: authorOf(c, 'inSentence') })}
                          >
                            <span aria-hidden>⋯</span>
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {c.userId !== me._id && (
                            <Menu.Item onClick={() => setReporting({ id: c.id, type: 'comment' })}>
                              {t('comments.report')}
                            </Menu.Item>
                          )}
                          {mayPin && (
                            <Menu.Item
                              onClick={() =>
                                pin.mutate(
                                  { id: c.id, isPinned: !c.isPinned },
                                  {
                                    onError: () =>
                                      notifications.show({
                                        color: 'red',
                                        message: t('comments.pinFailed'),
                                        autoClose: TOAST_AUTO_CLOSE_MS,
                                      }),
                                  },
                                )
                              }
                            >
                              {c.isPinned ? t('comments.unpin') : t('comments.pin')}
                            </Menu.Item>
                          )}
                          {c.userId !== me._id && isStaffRole(me.role) ? (
                            <Menu.Item
                              color="red.9"
                              onClick={() => setRemoving({ id: c.id, type: 'comment' })}
                            >
                              {t('comments.remove')}
                            </Menu.Item>
                          ) : (
                            mayDelete(c) && (
                              <Menu.Item color="red.9" onClick={() => deleteComment(c)}>
                                {t('comments.delete')}
                              </Menu.Item>
                            )
                          )}
                        </Menu.Dropdown>
                      </Menu>
                    )}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {c.content}
                  </Text>
                </li>
              );
            })}
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
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            // A refusal's message stays until the pupil edits what was refused.
            if (post.isError) post.reset();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
          }}
          error={state.over ? t('comments.tooLong', { max: COMMENT_MAX }) : undefined}
          disabled={blocked}
        />
        <Group justify="space-between" mt={6}>
          <Text size="xs" c={state.over ? 'red' : 'dimmed'} aria-live="polite">
            {t('comments.counter', { n: state.length, max: COMMENT_MAX })}
          </Text>
          <Button
            type="submit"
            size="xs"
            disabled={!state.canSend || blocked}
            loading={post.isPending}
          >
            {t('comments.send')}
          </Button>
        </Group>
        {refusedOffline && !online && (
          <Alert color="red" variant="light" mt={6} role="alert" data-testid="comment-error">
            {t('comments.offline')}
          </Alert>
        )}
        {post.isError && (
          <Alert color="red" variant="light" mt={6} role="alert" data-testid="comment-error">
            {t(sendErrorKey(post.error))}
          </Alert>
        )}
      </form>
      <ReportModal target={reporting} userId={me._id} onClose={() => setReporting(null)} />
      <RemovalModal
        target={removing}
        onClose={() => setRemoving(null)}
        onRemoved={({ id }) => removeLiveComment(queryClient, sessionId, streamId, lang, id)}
      />
    </Paper>
  );
}

/** Memoized: the watch page re-renders with the room's clock; this only when its props change. */
export const CommentsPanel = memo(CommentsPanelView);
