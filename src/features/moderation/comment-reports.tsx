import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentReport } from '@/contracts/api/moderation';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { formatDateTime } from '@/lib/time';
import { useDismissReport } from './api/moderation-api';
import { RemovalModal, type RemovalTarget } from './removal-modal';

/**
 * Reported session and live comments (issue 8): each with the reason, kept (the report closes)
 * or taken down with a reason its author reads (issue 26; it disappears from every open page).
 */
export function CommentReports({ reports }: { reports: readonly CommentReport[] }) {
  const { t } = useTranslation('moderation');
  return (
    <>
      <Title order={2} size="h4" mt="lg">
        {t('commentReports.title')}
      </Title>
      {reports.length === 0 ? (
        <Text c="gray.7">{t('commentReports.empty')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {reports.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} />
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}

function ReportCard({ report }: { report: CommentReport }) {
  const { t } = useTranslation('moderation');
  const dismiss = useDismissReport();
  const [removing, setRemoving] = useState<RemovalTarget | null>(null);
  const failed = () =>
    notifications.show({ color: 'red', message: t('failed'), autoClose: TOAST_AUTO_CLOSE_MS });

  return (
    <Card
      component="article"
      withBorder
      padding="md"
      radius="md"
      aria-label={`${t('commentReports.type')}: ${report.author.displayName}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge variant="light" color="orange.9">
              {report.streamId ? t('commentReports.live') : t('commentReports.type')}
            </Badge>
            <Text fw={700} size="sm">
              {t('by', { name: report.author.displayName })}
            </Text>
          </Group>
          <Text size="xs" c="gray.7">
            {formatDateTime(report.reportedAt)}
          </Text>
        </Group>
        <Text size="xs" c="gray.7">
          {t('session', { title: report.sessionTitle })}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {report.content}
        </Text>
        <Text size="sm" c="gray.8">
          {t('commentReports.reason', { reason: report.reason })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(report.id, { onError: failed })}
          >
            {t('commentReports.keep')}
          </Button>
          <Button
            color="red.9"
            disabled={dismiss.isPending}
            onClick={() => setRemoving({ type: 'comment', id: report.commentId })}
          >
            {t('reports.remove')}
          </Button>
        </Group>
      </Stack>
      <RemovalModal target={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}
