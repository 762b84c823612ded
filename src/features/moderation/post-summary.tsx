import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time';

/**
 * The top of a moderation card: what the post is (a badge), who wrote it and when, its session
 * and its text as written. The queue's held posts and its reports show it alike.
 */
export function PostSummary({
  label,
  color,
  author,
  at,
  sessionTitle,
  content,
}: {
  label: string;
  color: string;
  author: string;
  at: number;
  sessionTitle: string;
  content: string;
}) {
  const { t } = useTranslation('moderation');
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge variant="light" color={color}>
            {label}
          </Badge>
          <Text fw={700} size="sm">
            {t('by', { name: author })}
          </Text>
        </Group>
        <Text size="xs" c="gray.7">
          {formatDateTime(at)}
        </Text>
      </Group>
      <Text size="xs" c="gray.7">
        {t('session', { title: sessionTitle })}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {content}
      </Text>
    </>
  );
}
