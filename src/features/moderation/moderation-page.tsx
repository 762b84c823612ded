import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  ScrollArea,
  Stack,
  Select,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import {
  MODERATION_NOTE_MAX,
  MODERATION_REASONS,
  type ModerationDecisionValue,
  type ModerationItem,
  type ModerationReason,
} from '@/contracts/api/moderation';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/time';
import { LoadError, PageFrame, PageLoader } from '@/features/page-status';
import { useDecide, useModerationQueue } from './api/moderation-api';
import { PostSummary } from './post-summary';
import { CommentReports, ContentReports } from './report-list';
import { pageTitle } from '@/lib/page-title';

/** The provider's contact-message inbox, fetched only for the admin role. */
const InquiryInbox = lazy(() =>
  import('@/features/news').then((m) => ({ default: m.InquiryInbox })),
);

const VIOLATIONS = ['text', 'image', 'image-warning', 'updated'] as const;
type Violation = (typeof VIOLATIONS)[number];
const isViolation = (v: string): v is Violation => (VIOLATIONS as readonly string[]).includes(v);

/**
 * /moderation (staff roles; others go home): pending outputs and feedback held by the automatic
 * checks, each published or rejected with an optional note, and the recent decisions.
 */
export function ModerationPage() {
  const { t } = useTranslation('moderation');
  const me = useMe();
  const staff = me.data ? isStaffRole(me.data.role as Role) : false;
  const queue = useModerationQueue();

  useEffect(() => {
    document.title = pageTitle(t('title'));
  }, [t]);

  if (me.isPending) return <PageLoader />;
  if (!staff) return <Navigate to="/" replace />;

  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      {queue.isPending ? (
        <PageLoader py={48} />
      ) : queue.isError ? (
        <LoadError title={t('loadFailed')} onRetry={() => void queue.refetch()} />
      ) : (
        <>
          {queue.data.items.length === 0 ? (
            <Text c="gray.7">{t('empty')}</Text>
          ) : (
            <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {queue.data.items.map((item) => (
                <li key={`${item.type}:${item.id}`}>
                  <QueueItem item={item} />
                </li>
              ))}
            </Stack>
          )}
          <ContentReports reports={queue.data.reports ?? []} />
          <CommentReports reports={queue.data.commentReports ?? []} />
          <Title order={2} size="h4" mt="lg">
            {t('history')}
          </Title>
          {queue.data.decisions.length === 0 ? (
            <Text c="gray.7">{t('historyEmpty')}</Text>
          ) : (
            <ScrollArea viewportProps={{ tabIndex: 0 }}>
              <Table striped aria-label={t('history')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('col.when')}</Table.Th>
                    <Table.Th>{t('col.who')}</Table.Th>
                    <Table.Th>{t('col.what')}</Table.Th>
                    <Table.Th>{t('col.post')}</Table.Th>
                    <Table.Th>{t('col.decision')}</Table.Th>
                    <Table.Th>{t('col.note')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {queue.data.decisions.map((d) => (
                    <Table.Tr key={d.id}>
                      <Table.Td>{formatDateTime(d.decidedAt)}</Table.Td>
                      <Table.Td>{d.decidedBy.displayName}</Table.Td>
                      <Table.Td>{t(`type.${d.targetType}`)}</Table.Td>
                      {/* Which post and whose (issue 9, item 21). */}
                      <Table.Td>
                        {d.author && t('postBy', { name: d.author.displayName })}
                        {d.excerpt && (
                          <Text size="xs" c="gray.7" lineClamp={2}>
                            {d.excerpt}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{t(`decided.${d.decision}`)}</Table.Td>
                      <Table.Td>{d.note ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </>
      )}
      {me.data?.role === 'admin' && (
        <Suspense fallback={<PageLoader py={24} />}>
          <InquiryInbox />
        </Suspense>
      )}
    </PageFrame>
  );
}

function QueueItem({ item }: { item: ModerationItem }) {
  const { t } = useTranslation('moderation');
  const decide = useDecide();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState<ModerationReason | null>(null);
  const [chosen, setChosen] = useState<ModerationDecisionValue | null>(null);
  const tooLong = note.trim().length > MODERATION_NOTE_MAX;

  const submit = (decision: ModerationDecisionValue) => {
    setChosen(decision);
    decide.mutate(
      {
        type: item.type,
        id: item.id,
        decision,
        note: note.trim() || undefined,
        // The reason is what the pupil reads for a post kept private; a published one needs none.
        reason: decision === 'reject' ? (reason ?? undefined) : undefined,
      },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(`decided.${decision}`),
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) && error.status === 409 ? t('alreadyDecided') : t('failed'),
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
      },
    );
  };

  return (
    <Card
      component="article"
      withBorder
      padding="md"
      radius="md"
      aria-label={`${t(`type.${item.type}`)}: ${item.author.displayName}`}
    >
      <Stack gap="xs">
        <PostSummary
          label={t(`type.${item.type}`)}
          color={item.type === 'output' ? 'blue.9' : 'grape.9'}
          author={item.author.displayName}
          at={item.createdAt}
          sessionTitle={item.sessionTitle}
          content={item.content}
        />
        {item.pictures.length > 0 && <HeldPictures pictures={item.pictures} />}
        {item.violationStatuses.length > 0 && (
          <Group gap={4}>
            {item.violationStatuses.filter(isViolation).map((v) => (
              <Badge key={v} size="sm" variant="outline" color="red.9">
                {t(`violation.${v}`)}
              </Badge>
            ))}
          </Group>
        )}
        <Select
          label={t('rejectReason')}
          data={MODERATION_REASONS.map((r) => ({ value: r, label: t(`reasons.${r}`) }))}
          value={reason}
          clearable
          onChange={(v) => setReason(v as ModerationReason | null)}
        />
        <Textarea
          label={t('note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          autosize
          minRows={1}
          maxRows={4}
          error={tooLong ? `${note.trim().length} / ${MODERATION_NOTE_MAX}` : undefined}
        />
        <Group justify="flex-end" gap="xs">
          <Button
            color="red.9"
            variant="light"
            disabled={tooLong || decide.isPending}
            loading={decide.isPending && chosen === 'reject'}
            onClick={() => submit('reject')}
          >
            {t('reject')}
          </Button>
          <Button
            color="teal.9"
            disabled={tooLong || decide.isPending}
            loading={decide.isPending && chosen === 'publish'}
            onClick={() => submit('publish')}
          >
            {t('publish')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Reasons the queue names (ModerationItem.pictures); anything else shows as the text finding. */
const PICTURE_REASONS = [
  'approval',
  'copyright',
  'unsure',
  'failed',
  'sexual',
  'suggestive',
  'phone',
  'email',
  'address',
  'url',
  'code',
  'contact',
  'abuse',
  'threat',
  'selfHarm',
  'exclusion',
] as const;
type PictureReason = (typeof PICTURE_REASONS)[number] | 'text';
const pictureReason = (r: string): PictureReason =>
  (PICTURE_REASONS as readonly string[]).includes(r) ? (r as PictureReason) : 'text';

/**
 * An output's uploaded pictures as the teacher decides on them (issue 26): each picture, whether
 * it was held and why (what its text showed, the model's call, doubt, a failure, or the group's
 * "approve every picture first"), and the text read in it.
 */
function HeldPictures({ pictures }: { pictures: ModerationItem['pictures'] }) {
  const { t } = useTranslation('moderation');
  return (
    <Stack gap="xs" data-testid="held-pictures">
      {pictures.map((p) => (
        <Group key={p.url} align="flex-start" wrap="wrap" gap="sm">
          <Image src={p.url} alt={t('picture.alt')} w={160} h={120} fit="contain" radius="sm" />
          <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {t(`picture.state.${p.state}`)}
            </Text>
            {p.reasons.length > 0 && (
              <Group gap={4}>
                {p.reasons.map((r) => (
                  <Badge
                    key={r}
                    size="sm"
                    variant="outline"
                    color="red.9"
                    h="auto"
                    styles={{ label: { whiteSpace: 'normal' } }}
                  >
                    {t(`picture.reason.${pictureReason(r)}`)}
                  </Badge>
                ))}
              </Group>
            )}
            {p.text !== '' && (
              <Text
                size="xs"
                c="gray.7"
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {t('picture.read', { text: p.text })}
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
