import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ModerationReason } from '@/contracts/api/moderation';

/**
 * What the author of a rejected post (an output, a feedback or a reflection) sees in place of 'awaiting
 * approval' (issue 9): it was not published, said kindly, with the teacher's note when there is
 * one. The server sends `note` only to the author and the staff roles.
 */
export function NotPublishedNotice({
  kind,
  note,
  reason,
}: {
  kind: 'output' | 'feedback' | 'reflection';
  note: string | undefined;
  /** The moderator's preset reason (issue 26), said in the pupil's own language. */
  reason?: ModerationReason | undefined;
}) {
  const { t } = useTranslation('feedback');
  return (
    <Alert
      color="gray"
      variant="light"
      radius="md"
      p="xs"
      title={t('notPublished.title')}
      data-testid="not-published"
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Text size="sm" c="dark.7">
        {t(`notPublished.body.${kind}`)}
      </Text>
      {reason ? (
        <Text size="sm" c="dark.7" mt={4}>
          <Text span fw={700} size="sm">
            {t('notPublished.reasonLabel')}
          </Text>{' '}
          {t(`notPublished.reason.${reason}`)}
        </Text>
      ) : null}
      {note ? (
        <Text size="sm" c="dark.7" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
          <Text span fw={700} size="sm">
            {t('notPublished.noteLabel')}
          </Text>{' '}
          {note}
        </Text>
      ) : null}
    </Alert>
  );
}
