import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadError, PageLoader } from '@/features/page-status';
import { formatDateTime } from '@/lib/time';
import { useInquiries } from './api';

/**
 * The provider's inbox of contact messages (GET /v0/inquiry), newest first: shown to the admin
 * role on /moderation, the staff area they already use.
 */
export function InquiryInbox() {
  const { t } = useTranslation('news');
  const inquiries = useInquiries(true);
  return (
    <Stack component="section" aria-labelledby="inquiry-inbox" gap="sm" mt="lg">
      <Title order={2} size="h4" id="inquiry-inbox">
        {t('inbox.title')}
      </Title>
      {inquiries.isPending ? (
        <PageLoader py={24} />
      ) : inquiries.isError ? (
        <LoadError title={t('inbox.loadFailed')} onRetry={() => void inquiries.refetch()} />
      ) : inquiries.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('inbox.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {inquiries.data.map((q) => (
            <Card key={q.id} component="li" withBorder radius="md" padding="sm">
              <Text size="xs" c="gray.7">
                {formatDateTime(q.createdAt)} · {t('inbox.from')}:{' '}
                {q.user
                  ? `${q.user.displayName}${q.user.school ? ` (${q.user.school})` : ''}`
                  : '—'}{' '}
                · {q.email || t('inbox.noEmail')}
              </Text>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {q.subject}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {q.body}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
