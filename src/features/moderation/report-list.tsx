import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentReport, ContentReport } from '@/contracts/api/moderation';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { useDismissReport } from './api/moderation-api';
import { PostSummary } from './post-summary';
import { RemovalModal, type RemovalTarget } from './removal-modal';

type ReportTexts = 'reports' | 'commentReports';

/** One open report as the queue shows it, whatever was reported. */
interface ReportRow {
  id: string;
  /** What was reported, as its badge names it. */
  label: string;
  target: RemovalTarget;
  author: { displayName: string };
  reportedAt: number;
  sessionTitle: string;
  content: string;
  reason: string;
}

/**
 * Open reports in the moderation queue: each with what was reported, its author, the session and
 * what the reporter wrote; kept (the report closes) or removed after a confirm, with a preset
 * reason its author reads in their language (issue 26; it disappears from every open page).
 * `texts`: the key prefix of the list's own texts.
 */
function ReportList({ rows, texts }: { rows: readonly ReportRow[]; texts: ReportTexts }) {
  const { t } = useTranslation('moderation');
  return (
    <>
      <Title order={2} size="h4" mt="lg">
        {t(`${texts}.title`)}
      </Title>
      {rows.length === 0 ? (
        <Text c="gray.7">{t(`${texts}.empty`)}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} texts={texts} />
            </li>
          ))}
        </Stack>
      )}
    </>
  );
}

function ReportCard({ report, texts }: { report: ReportRow; texts: ReportTexts }) {
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
      aria-label={`${report.label}: ${report.author.displayName}`}
    >
      <Stack gap="xs">
        <PostSummary
          label={report.label}
          color="orange.9"
          author={report.author.displayName}
          at={report.reportedAt}
          sessionTitle={report.sessionTitle}
          content={report.content}
        />
        <Text size="sm" c="gray.8">
          {t(`${texts}.reason`, { reason: report.reason })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button
            variant="default"
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(report.id, { onError: failed })}
          >
            {t(`${texts}.keep`)}
          </Button>
          <Button
            color="red.9"
            disabled={dismiss.isPending}
            onClick={() => setRemoving(report.target)}
          >
            {t('reports.remove')}
          </Button>
        </Group>
      </Stack>
      <RemovalModal target={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

/** Reported outputs and feedback (issue 26). */
export function ContentReports({ reports }: { reports: readonly ContentReport[] }) {
  const { t } = useTranslation('moderation');
  const rows = reports.map((r) => ({
    ...r,
    label: t(`type.${r.targetType}`),
    target: { type: r.targetType, id: r.targetId },
  }));
  return <ReportList rows={rows} texts="reports" />;
}

/** Reported session and live comments (issue 8). */
export function CommentReports({ reports }: { reports: readonly CommentReport[] }) {
  const { t } = useTranslation('moderation');
  const rows = reports.map((r) => ({
    ...r,
    label: r.streamId ? t('commentReports.live') : t('commentReports.type'),
    target: { type: 'comment' as const, id: r.commentId },
  }));
  return <ReportList rows={rows} texts="commentReports" />;
}
