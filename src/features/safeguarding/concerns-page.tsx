import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import type { Concern } from '@/contracts/api/safeguarding';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { LoadError, PageFrame, PageLoader } from '@/features/page-status';
import { pageTitle } from '@/lib/page-title';
import { formatDateTime } from '@/lib/time';
import { useConcerns, useMarkSeen } from './api';
import { CareContactCard } from './care-contact-card';

/**
 * /concerns (staff roles): what pupils of the caller's groups wrote that speaks of hurting
 * themselves, newest first, kept apart from the moderation queue. Opening one records who read it
 * and when, for the other adults to see.
 */
export function ConcernsPage() {
  const { t } = useTranslation('safeguarding');
  const me = useMe();
  const staff = me.data ? isStaffRole(me.data.role as Role) : false;
  const concerns = useConcerns({ enabled: staff, poll: true });

  useEffect(() => {
    document.title = pageTitle(t('title'));
  }, [t]);

  if (me.isPending) return <PageLoader />;
  if (!staff) return <Navigate to="/" replace />;
  return (
    <PageFrame title={t('title')} intro={t('intro')}>
      <CareContactCard canEdit={!!me.data?.school} />
      {concerns.isPending ? (
        <PageLoader py={48} />
      ) : concerns.isError ? (
        <LoadError title={t('loadFailed')} onRetry={() => void concerns.refetch()} />
      ) : concerns.data.items.length === 0 ? (
        <Text c="gray.7">{t('empty')}</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {concerns.data.items.map((c) => (
            <li key={c.id}>
              <ConcernCard concern={c} />
            </li>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

function ConcernCard({ concern }: { concern: Concern }) {
  const { t } = useTranslation('safeguarding');
  const markSeen = useMarkSeen();
  return (
    <Card withBorder padding="md" data-testid="concern" aria-labelledby={`concern-${concern.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text id={`concern-${concern.id}`} fw={700}>
            {concern.user.displayName}
            {concern.user.groups.length > 0 && (
              <Text span c="gray.8" fw={400} size="sm">
                {' · '}
                {concern.user.groups.join(', ')}
              </Text>
            )}
          </Text>
          <Group gap="xs">
            <Badge color="gray.8" variant="light">
              {t(`channel.${concern.channel}`)}
            </Badge>
            {!concern.seenByMe && <Badge color="red.9">{t('new')}</Badge>}
          </Group>
        </Group>
        <Text size="sm" c="gray.8">
          {formatDateTime(concern.createdAt)}
        </Text>
        {concern.seenByMe ? (
          <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="concern-text">
            {concern.text}
          </Text>
        ) : (
          <Group>
            <Button
              color="red.9"
              loading={markSeen.isPending}
              onClick={() => markSeen.mutate(concern.id)}
            >
              {t('open')}
            </Button>
          </Group>
        )}
        {markSeen.isError && (
          <Text c="red.9" size="sm" role="alert">
            {t('openFailed')}
          </Text>
        )}
        <Text size="sm" c="gray.8">
          {concern.seenBy.length === 0
            ? t('seenByNobody')
            : t('seenBy', {
                list: concern.seenBy
                  .map((v) => `${v.displayName} ${formatDateTime(v.seenAt)}`)
                  .join('、'),
              })}
        </Text>
      </Stack>
    </Card>
  );
}
