import { NotPublishedNotice } from './not-published-notice';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Image,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FeedbackView, OutputViewerItem } from '@/contracts/api/feedback';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isStaffRole, toLang, type Role } from '@/contracts/user-entities';
import { RemovalModal, RemoveButton, type RemovalTarget } from '@/features/moderation';
import { formatDateTime } from '@/lib/time';
import { useFeedbackCache, useFeedbacks, useOutputViewer } from './api/feedback-api';
import { CommentInput } from './comment-input';
import { previousOwnComment } from './comment-rules';
import { FeedbackList } from './feedback-list';
import { ReactionsBar } from './reactions-bar';
import { ReportModal, type ReportTarget } from './report-modal';
import { TranslateToggle } from './translate-toggle';
import { useTranslateToggle } from './use-translate-toggle';
import { usePersonName } from '@/lib/person-name';

export interface ViewerUser {
  _id: string;
  role: string;
}

/**
 * One output in the feedback viewer: image on the left on desktop, then author, location,
 * questions, description, date, pending label, translate, reactions, the feedback list and the
 * comment input.
 */
export function OutputViewer({
  outputId,
  me,
  mayPost,
  isDesktop,
  onFeedbackPosted,
}: {
  outputId: string;
  me: ViewerUser;
  mayPost: boolean;
  isDesktop: boolean;
  onFeedbackPosted(item: FeedbackView): void;
}) {
  const { t } = useTranslation('feedback');
  const names = usePersonName();
  const viewer = useOutputViewer(outputId);
  const feedbacks = useFeedbacks(outputId);
  const cache = useFeedbackCache();
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [removing, setRemoving] = useState<RemovalTarget | null>(null);
  // Staff take down what they see here (issue 26); the server checks the school.
  const mayRemove = isStaffRole(me.role as Role);

  if (viewer.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Text size="sm" role="status">
          {t('viewer.loading')}
        </Text>
        <Skeleton h={240} radius="md" />
        <Skeleton h={20} w="60%" />
        <Skeleton h={64} />
      </Stack>
    );
  }
  if (viewer.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('viewer.error')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void viewer.refetch()}>
            {t('viewer.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const item = viewer.data;
  const image = item.output.images[0];

  const details = (
    <OutputDetails
      item={item}
      // Others' published outputs can be reported, like published feedback.
      {...(item.output.userId !== me._id && item.output.status === 'published'
        ? {
            onReport: () => setReport({ id: item.output.id, type: 'output' }),
            ...(mayRemove
              ? { onRemove: () => setRemoving({ id: item.output.id, type: 'output' }) }
              : {}),
          }
        : {})}
    />
  );
  const feedbackPart = (
    <Stack gap="sm">
      <ReactionsBar target="output" targetId={item.output.id} />
      <Title order={3} size="h5">
        {t('list.title')}
      </Title>
      {feedbacks.data ? (
        <FeedbackList
          items={feedbacks.data}
          userId={me._id}
          onReport={(id) => setReport({ id, type: 'feedback' })}
          {...(mayRemove ? { onRemove: (id) => setRemoving({ id, type: 'feedback' }) } : {})}
        />
      ) : (
        <Skeleton h={48} />
      )}
      <CommentInput
        key={item.output.id}
        output={item.output}
        userId={me._id}
        permitted={mayPost}
        previousOwn={previousOwnComment(feedbacks.data ?? [], me._id)}
        onPosted={(f) => {
          cache.add(item.output.id, f);
          onFeedbackPosted(f);
        }}
      />
      <ReportModal
        target={report}
        userId={me._id}
        onClose={() => setReport(null)}
        onReported={() => void feedbacks.refetch()}
      />
      <RemovalModal
        target={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => void Promise.all([viewer.refetch(), feedbacks.refetch()])}
      />
    </Stack>
  );

  const picture = image ? (
    <Image
      src={image}
      alt={t('output.image', { name: names.inSentence(item.output.user.displayName) })}
      radius="md"
      fit="contain"
      mah={isDesktop ? 560 : 360}
      bg="gray.1"
    />
  ) : null;

  if (isDesktop && picture) {
    return (
      <Grid gap="xl">
        <Grid.Col span={6}>
          <Box pos="sticky" top={0}>
            {picture}
          </Box>
        </Grid.Col>
        <Grid.Col span={6}>
          <Stack gap="lg">
            {details}
            {feedbackPart}
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Stack gap="lg">
      {picture}
      {details}
      {feedbackPart}
    </Stack>
  );
}

function OutputDetails({
  item,
  onReport,
  onRemove,
}: {
  item: OutputViewerItem;
  onReport?(): void;
  onRemove?(): void;
}) {
  const { t, i18n } = useTranslation('feedback');
  const lang = toLang(i18n.language, 'ja');
  const tr = useTranslateToggle(item.output.description, lang);
  const names = usePersonName();
  const { output } = item;

  const profileLink = `/user/${encodeURIComponent(output.user._id)}`;
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={output.user.image} alt="" radius="xl" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={profileLink}
            fw={600}
            c="cyan.9"
            onClick={(e) => {
              if (!item.sessionLive) return;
              e.preventDefault();
              notifications.show({
                message: t('output.profileDuringSession'),
                autoClose: TOAST_AUTO_CLOSE_MS,
              });
            }}
          >
            {names.label(output.user.displayName)}
          </Anchor>
          <Group gap="xs">
            {item.location && (
              <Text size="xs" c="gray.7">
                <span>{t('output.location')}: </span>
                {item.location}
              </Text>
            )}
            <Text size="xs" c="gray.7">
              <time dateTime={new Date(output.createdAt).toISOString()}>
                {formatDateTime(output.createdAt)}
              </time>
            </Text>
          </Group>
        </Stack>
        {output.status === 'pending' && (
          <Badge color="yellow" variant="light" ml="auto" c="dark.7">
            {t('output.pending')}
          </Badge>
        )}
        {onReport && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            c="gray.8"
            ml="auto"
            onClick={onReport}
          >
            {t('list.report')}
          </Button>
        )}
        {onRemove && <RemoveButton onClick={onRemove}>{t('list.remove')}</RemoveButton>}
      </Group>
      {output.status === 'rejected' && item.moderationNote !== undefined && (
        <NotPublishedNotice
          kind="output"
          note={item.moderationNote}
          reason={item.moderationReason}
        />
      )}

      {item.work.questions.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('output.questions')}
          </Text>
          <List size="sm" spacing={2}>
            {item.work.questions.map((q, i) => (
              <List.Item key={i}>{q}</List.Item>
            ))}
          </List>
        </Stack>
      )}

      <Stack gap={4}>
        <Text
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          lang={tr.showTranslated ? lang : undefined}
          data-testid="output-description"
        >
          {tr.shown}
        </Text>
        <TranslateToggle tr={tr} />
      </Stack>
    </Stack>
  );
}
