import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INQUIRY_ANSWER_MAX, INQUIRY_PAGE_SIZE, type Inquiry } from '@/contracts/api/older-service';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { LoadError, PageLoader } from '@/features/page-status';
import { formatDateTime } from '@/lib/time';
import { useAnswerInquiry, useArchiveInquiry, useInquiries } from './api';
import { ConfirmModal } from './confirm-modal';

type View = 'inbox' | 'archived';

/**
 * The provider's inbox of contact messages (GET /v0/inquiry), shown to the admin role on
 * /moderation: open messages first, then answered ones, a page at a time; archived ones under
 * their own filter. An admin answers a message (a reply note kept with it; the sender gets a
 * push notification when subscribed) and archives it.
 */
export function InquiryInbox() {
  const { t } = useTranslation('news');
  const [view, setView] = useState<View>('inbox');
  const [page, setPage] = useState(1);
  const inquiries = useInquiries(view === 'archived', page);
  const total = inquiries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INQUIRY_PAGE_SIZE));
  // Archiving the last message of the last page: show the page before it.
  const emptyPage = inquiries.data !== undefined && inquiries.data.items.length === 0;
  useEffect(() => {
    if (emptyPage && page > 1) setPage(Math.min(page - 1, pages));
  }, [emptyPage, page, pages]);

  return (
    <Stack component="section" aria-labelledby="inquiry-inbox" gap="sm" mt="lg">
      <Group justify="space-between" align="end" gap="sm">
        <Title order={2} size="h4" id="inquiry-inbox">
          {t('inbox.title')}
        </Title>
        <SegmentedControl
          aria-label={t('inbox.filter')}
          value={view}
          onChange={(v) => {
            setView(v as View);
            setPage(1);
          }}
          data={[
            { value: 'inbox', label: t('inbox.inbox') },
            { value: 'archived', label: t('inbox.archived') },
          ]}
        />
      </Group>
      {inquiries.isPending ? (
        <PageLoader py={24} />
      ) : inquiries.isError ? (
        <LoadError title={t('inbox.loadFailed')} onRetry={() => void inquiries.refetch()} />
      ) : inquiries.data.items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(view === 'archived' ? 'inbox.emptyArchived' : 'inbox.empty')}
        </Text>
      ) : (
        <>
          <Text size="xs" c="gray.7" aria-live="polite">
            {t('inbox.count', { count: total })}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {inquiries.data.items.map((q) => (
              <InquiryItem key={q.id} inquiry={q} />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': t(`inbox.page.${control}`),
              })}
              getItemProps={(n) => ({ 'aria-label': t('inbox.page.number', { page: n }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function InquiryItem({ inquiry: q }: { inquiry: Inquiry }) {
  const { t } = useTranslation('news');
  const archive = useArchiveInquiry();
  const [answering, setAnswering] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const archived = q.archivedAt != null;
  const answered = q.status === 'answered';

  const setArchived = (value: boolean) =>
    archive.mutate(
      { id: q.id, archived: value },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({
            message: t(value ? 'inbox.archivedDone' : 'inbox.restoredDone'),
            color: 'teal',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: () =>
          notifications.show({
            message: t('inbox.changeFailed'),
            color: 'red',
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
      },
    );

  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group gap="xs" mb={4}>
        <Badge color={answered ? 'teal' : 'orange'} variant="light">
          {t(answered ? 'inbox.answeredBadge' : 'inbox.openBadge')}
        </Badge>
        <Text size="xs" c="gray.7">
          {formatDateTime(q.createdAt)} · {t('inbox.from')}:{' '}
          {q.user ? `${q.user.displayName}${q.user.school ? ` (${q.user.school})` : ''}` : '—'} ·{' '}
          {q.email || t('inbox.noEmail')}
        </Text>
      </Group>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {q.subject}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {q.body}
      </Text>
      {answered && q.answer && !answering && (
        <Card bg="gray.0" radius="sm" padding="xs" mt="xs">
          <Text size="xs" c="gray.7">
            {t('inbox.answerFrom', { date: q.answeredAt ? formatDateTime(q.answeredAt) : '' })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {q.answer}
          </Text>
        </Card>
      )}
      {answering ? (
        <AnswerForm inquiry={q} onDone={() => setAnswering(false)} />
      ) : (
        <Group gap="xs" mt="xs">
          {!archived && (
            <Button
              size="xs"
              variant="light"
              onClick={() => setAnswering(true)}
              aria-label={t(answered ? 'inbox.editAnswerOf' : 'inbox.answerOf', {
                subject: q.subject,
              })}
            >
              {t(answered ? 'inbox.editAnswer' : 'inbox.answer')}
            </Button>
          )}
          {archived ? (
            <Button
              size="xs"
              variant="default"
              loading={archive.isPending}
              onClick={() => setArchived(false)}
              aria-label={t('inbox.restoreOf', { subject: q.subject })}
            >
              {t('inbox.restore')}
            </Button>
          ) : (
            <Button
              size="xs"
              variant="default"
              onClick={() => setConfirming(true)}
              aria-label={t('inbox.archiveOf', { subject: q.subject })}
            >
              {t('inbox.archive')}
            </Button>
          )}
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('inbox.archiveTitle')}
        message={t(answered ? 'inbox.archiveConfirm' : 'inbox.archiveConfirmOpen', {
          subject: q.subject,
        })}
        confirmLabel={t('inbox.archive')}
        cancelLabel={t('inbox.cancel')}
        busy={archive.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => setArchived(true)}
      />
    </Card>
  );
}

/** The reply note; a failed send keeps what was typed and says so. */
function AnswerForm({ inquiry, onDone }: { inquiry: Inquiry; onDone: () => void }) {
  const { t } = useTranslation('news');
  const answer = useAnswerInquiry();
  const [text, setText] = useState(inquiry.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setError(t('inbox.answerRequired'));
    if (trimmed.length > INQUIRY_ANSWER_MAX)
      return setError(t('publish.tooLong', { max: INQUIRY_ANSWER_MAX }));
    answer.mutate(
      { id: inquiry.id, answer: trimmed },
      {
        onSuccess: () => {
          notifications.show({
            message: t('inbox.answered'),
            color: 'teal',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs" mt="xs">
        <Textarea
          label={t('inbox.answerLabel')}
          description={`${t('inbox.answerHint')} ${text.trim().length} / ${INQUIRY_ANSWER_MAX}`}
          autosize
          minRows={3}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          required
          data-autofocus
          autoFocus
        />
        {answer.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('inbox.answerFailed')}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={answer.isPending}>
            {t('inbox.send')}
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={answer.isPending}>
            {t('inbox.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
