import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { LoadError, PageLoader } from '@/features/page-status';
import { formatDateTime } from '@/lib/time';
import { pageTitle } from '@/lib/page-title';
import { useSessionAction, useStudioSessions } from './api/studio-api';
import { errorMessageKey } from './studio-errors';

/** /studio (staff roles): the sessions the user authors, current or archived. */
export function StudioListPage() {
  const { t } = useTranslation('studio');
  const me = useMe();
  const [archived, setArchived] = useState(false);
  const list = useStudioSessions(archived);
  const act = useSessionAction();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = pageTitle(t('title'));
  }, [t]);

  if (me.isPending) return <PageLoader />;
  if (!me.data || !isStaffRole(me.data.role as Role)) return <Navigate to="/" replace />;

  const run = (id: string, action: 'duplicate' | 'archive' | 'unarchive') =>
    act.mutate(
      { id, action },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: t(`list.done.${action}`) });
          if (action === 'duplicate')
            void navigate(`/studio/session/${encodeURIComponent(res.item.id)}`);
        },
        onError: (e) => notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
      },
    );

  return (
    <Stack gap="md" p="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button component={Link} to="/studio/session/new">
          {t('list.new')}
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        {t('list.intro')}
      </Text>
      <SegmentedControl
        w="fit-content"
        value={archived ? 'archived' : 'current'}
        onChange={(v) => setArchived(v === 'archived')}
        data={[
          { value: 'current', label: t('list.current') },
          { value: 'archived', label: t('list.archived') },
        ]}
        aria-label={t('list.which')}
      />
      {list.isPending ? (
        <PageLoader py={48} />
      ) : list.isError ? (
        <LoadError title={t('list.loadFailed')} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Text c="gray.7">{archived ? t('list.emptyArchived') : t('list.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={t('title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.col.title')}</Table.Th>
                <Table.Th>{t('list.col.status')}</Table.Th>
                <Table.Th>{t('list.col.start')}</Table.Th>
                <Table.Th>{t('list.col.target')}</Table.Th>
                <Table.Th>{t('list.col.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Link to={`/studio/session/${encodeURIComponent(s.id)}`}>{s.title}</Link>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" miw="max-content">
                      {t(`status.${s.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDateTime(s.startTime)}</Table.Td>
                  <Table.Td>{t(`target.${s.target.type}`)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => run(s.id, 'duplicate')}
                      >
                        {t('list.duplicate')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => run(s.id, archived ? 'unarchive' : 'archive')}
                      >
                        {archived ? t('list.unarchive') : t('list.archive')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
