import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Popover,
  ScrollArea,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { PostingStatusRow } from '@/contracts/api/reports';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/time';
import {
  downloadCsv,
  useRefreshReports,
  useReportGroups,
  useReportMembers,
  useReportSession,
  useReportSessions,
  useReportStatus,
} from './api/report-api';
import { LoadError, NotFoundView, PageLoader } from '@/features/page-status';
import { SessionKindBadge } from '@/features/sessions';
import { pageTitle } from '@/lib/page-title';
import { OutputDistributionChart, SessionCharts } from './report-charts';

const enc = encodeURIComponent;
/** Refused (403: not a staff role) or unknown to the caller (404): the spec's page-not-found. */
const isRefusal = (error: unknown) => isApiError(error) && [403, 404].includes(error.status);

/** /report/group: the first of the user's report groups, or page-not-found without any. */
export function ReportGroupRedirect() {
  const { t } = useTranslation('reports');
  const groups = useReportGroups();
  if (groups.isPending) return <PageLoader />;
  if (groups.isError)
    return isRefusal(groups.error) ? (
      <NotFoundView />
    ) : (
      <LoadError title={t('loadFailed')} onRetry={() => void groups.refetch()} />
    );
  const first = groups.data[0];
  if (!first) return <NotFoundView />;
  return <Navigate to={`/report/group/${enc(first.id)}/sessions`} replace />;
}

/** /report/group/{groupId}: the group picker, when the data is from, tabs, and the child page. */
export function ReportGroupLayout() {
  const { t } = useTranslation('reports');
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const groups = useReportGroups();
  const status = useReportStatus();
  const refresh = useRefreshReports();
  const [limitedFor, setLimitedFor] = useState<number | null>(null);
  const me = useMe();

  useEffect(() => {
    document.title = pageTitle(t('title'));
  }, [t]);

  if (groups.isPending) return <PageLoader />;
  if (groups.isError)
    return isRefusal(groups.error) ? (
      <NotFoundView />
    ) : (
      <LoadError title={t('loadFailed')} onRetry={() => void groups.refetch()} />
    );

  // A teacher's group must be in their list (spec: otherwise page-not-found); admin and staff
  // may open any group, and the server answers 404 for one that is not theirs to see.
  const anyGroup = me.data?.role === 'admin' || me.data?.role === 'staff';
  if (me.isPending) return <PageLoader />;
  if (!anyGroup && !groups.data.some((g) => g.id === groupId)) return <NotFoundView />;

  const tab = location.pathname.endsWith('/members') ? 'members' : 'sessions';
  // Admin and staff may open a group outside their list (the server decides); keep it selectable.
  const options = groups.data.map((g) => ({ value: g.id, label: g.name }));
  if (!options.some((o) => o.value === groupId)) options.push({ value: groupId, label: groupId });

  return (
    <Stack gap="md" p="md" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Select
          label={t('group')}
          data={options}
          value={groupId}
          allowDeselect={false}
          onChange={(id) => id && void navigate(`/report/group/${enc(id)}/${tab}`)}
          w={260}
        />
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="gray.7">
          {status.data?.refreshedAt
            ? t('refreshedAt', { time: formatDateTime(status.data.refreshedAt) })
            : status.data
              ? t('notRefreshed')
              : ''}
        </Text>
        {status.data && (
          <Text size="sm" c="gray.7">
            {t('nextRefresh', { time: formatDateTime(status.data.nextRefreshAt) })}
          </Text>
        )}
        {status.data?.canRefresh && (
          <Button
            size="xs"
            variant="default"
            className="report-no-print"
            loading={refresh.isPending}
            onClick={() => {
              setLimitedFor(null);
              refresh.mutate(groupId, {
                onSuccess: () =>
                  notifications.show({
                    message: t('refreshDone'),
                    autoClose: TOAST_AUTO_CLOSE_MS,
                  }),
                onError: (error) => {
                  // Limited (one a minute per staff user and per group): said beside the button.
                  if (isApiError(error) && error.status === 429) {
                    setLimitedFor(error.retryAfterS ?? 60);
                    return;
                  }
                  notifications.show({
                    color: 'red',
                    message: t('refreshFailed'),
                    autoClose: TOAST_AUTO_CLOSE_MS,
                  });
                },
              });
            }}
          >
            {t('refreshNow')}
          </Button>
        )}
        {limitedFor !== null && (
          <Text size="sm" c="red.9" role="status" data-testid="refresh-limited">
            {t('refreshLimited', { seconds: limitedFor })}
          </Text>
        )}
      </Group>
      <Tabs value={tab} onChange={(v) => v && void navigate(`/report/group/${enc(groupId)}/${v}`)}>
        <Tabs.List>
          <Tabs.Tab value="sessions">{t('tabs.sessions')}</Tabs.Tab>
          <Tabs.Tab value="members">{t('tabs.members')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

function CsvButton({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      className="report-no-print"
      size="xs"
      variant="light"
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadCsv(url, fileName)
          .catch(() =>
            notifications.show({
              color: 'red',
              message: t('csvFailed'),
              autoClose: TOAST_AUTO_CLOSE_MS,
            }),
          )
          .finally(() => setBusy(false));
      }}
    >
      {t('csv')}
    </Button>
  );
}

/** Query states shared by the three tables: loading, refused (page-not-found), failed, or the table. */
function QueryFrame<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch(): unknown;
  };
  children(data: T): ReactNode;
}) {
  const { t } = useTranslation('reports');
  if (query.isPending) return <PageLoader />;
  if (query.isError || query.data === undefined)
    return isRefusal(query.error) ? (
      <NotFoundView />
    ) : (
      <LoadError title={t('loadFailed')} onRetry={() => void query.refetch()} />
    );
  return <>{children(query.data)}</>;
}

function NumberCell({ value }: { value: number }) {
  return <Table.Td ta="right">{value}</Table.Td>;
}

/** The four counts every report table ends with, as header cells. */
function CountHeads() {
  const { t } = useTranslation('reports');
  return (
    <>
      <Table.Th ta="right">{t('col.outputs')}</Table.Th>
      <Table.Th ta="right">{t('col.feedbackGiven')}</Table.Th>
      <Table.Th ta="right">{t('col.feedbackReceived')}</Table.Th>
      <Table.Th ta="right">{t('col.reflections')}</Table.Th>
    </>
  );
}

/** The four counts every report table ends with, for one row. */
function CountCells({
  row,
}: {
  row: Record<'outputs' | 'feedbackGiven' | 'feedbackReceived' | 'reflections', number>;
}) {
  return (
    <>
      <NumberCell value={row.outputs} />
      <NumberCell value={row.feedbackGiven} />
      <NumberCell value={row.feedbackReceived} />
      <NumberCell value={row.reflections} />
    </>
  );
}

/** A report table: its empty text when there are no rows, else a scrollable, labelled table. */
function ReportTable({
  label,
  emptyText,
  rowCount,
  head,
  children,
}: {
  label: string;
  emptyText: string;
  rowCount: number;
  head: ReactNode;
  children: ReactNode;
}) {
  if (rowCount === 0) return <Text c="gray.7">{emptyText}</Text>;
  return (
    <ScrollArea viewportProps={{ tabIndex: 0 }}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** /report/group/{groupId}/sessions */
export function ReportSessionsPane() {
  const { t } = useTranslation('reports');
  const { groupId = '' } = useParams();
  const query = useReportSessions(groupId);
  return (
    <QueryFrame query={query}>
      {(data) => (
        <Stack gap="sm">
          <Group justify="flex-end">
            <CsvButton
              url={`/v1/report/group/${enc(groupId)}/sessions/csv`}
              fileName={`${data.group.name}-sessions.csv`}
            />
          </Group>
          <SessionCharts rows={data.items} />
          <ReportTable
            label={t('tabs.sessions')}
            emptyText={t('emptySessions')}
            rowCount={data.items.length}
            head={
              <>
                <Table.Th>{t('col.session')}</Table.Th>
                <Table.Th>{t('col.startTime')}</Table.Th>
                <Table.Th ta="right">{t('col.members')}</Table.Th>
                <Table.Th ta="right">{t('col.joined')}</Table.Th>
                <CountHeads />
              </>
            }
          >
            {data.items.map((r) => (
              <Table.Tr key={r.sessionId}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <SessionKindBadge status={r.status} startTime={r.startTime} withTime={false} />
                    <Anchor
                      component={Link}
                      to={`/report/group/${enc(groupId)}/session/${enc(r.sessionId)}`}
                    >
                      {r.title}
                    </Anchor>
                  </Group>
                </Table.Td>
                <Table.Td>{formatDateTime(r.startTime)}</Table.Td>
                <NumberCell value={r.members} />
                <NumberCell value={r.joined} />
                <CountCells row={r} />
              </Table.Tr>
            ))}
          </ReportTable>
        </Stack>
      )}
    </QueryFrame>
  );
}

/** The 'check posting status' popover: each participant with their latest output (staff only). */
export function PostingStatusPopover({ rows }: { rows: readonly PostingStatusRow[] }) {
  const { t } = useTranslation('reports');
  return (
    <Popover width="min(420px, calc(100vw - 24px))" position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        <Button size="xs" variant="default">
          {t('postingStatus.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={700} size="sm" mb="xs">
          {t('postingStatus.title')}
        </Text>
        {/* A plain scroller: ScrollArea's content is display: table, which grows with the
            longest row and pushed the status column out of the popover. Name and output shrink;
            the status column never does, so 未投稿 stays visible. */}
        <Box
          mah={360}
          tabIndex={0}
          role="region"
          aria-label={t('postingStatus.title')}
          style={{ overflowY: 'auto', overflowX: 'hidden' }}
        >
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((r) => (
              <Group key={r.userId} component="li" wrap="nowrap" gap="sm" data-testid="posting-row">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {r.displayName}
                  </Text>
                  {r.latestOutput && (
                    <Text size="xs" c="dimmed" truncate="end" title={r.latestOutput.description}>
                      {r.latestOutput.description}
                    </Text>
                  )}
                </Stack>
                {r.latestOutput ? (
                  <Badge
                    size="sm"
                    variant="light"
                    color={r.latestOutput.status === 'published' ? 'teal.9' : 'orange.9'}
                    style={{ flexShrink: 0 }}
                  >
                    {t(`postingStatus.status.${r.latestOutput.status}`)}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {t('postingStatus.none')}
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}

/** /report/group/{groupId}/session/{sessionId} */
export function ReportSessionPane() {
  const { t } = useTranslation('reports');
  const { groupId = '', sessionId = '' } = useParams();
  const query = useReportSession(groupId, sessionId);
  return (
    <QueryFrame query={query}>
      {(data) => (
        <Stack gap="sm">
          <Anchor component={Link} to={`/report/group/${enc(groupId)}/sessions`} size="sm">
            {t('backToSessions')}
          </Anchor>
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              {data.session.title}
            </Title>
            <Group gap="xs">
              <PostingStatusPopover rows={data.postingStatus} />
              <CsvButton
                url={`/v1/report/group/${enc(groupId)}/session/${enc(sessionId)}/csv`}
                fileName={`${data.group.name}-${data.session.title}.csv`}
              />
            </Group>
          </Group>
          <ReportTable
            label={data.session.title}
            emptyText={t('emptyMembers')}
            rowCount={data.items.length}
            head={
              <>
                <Table.Th>{t('col.studentNumber')}</Table.Th>
                <Table.Th>{t('col.name')}</Table.Th>
                <Table.Th>{t('col.joinedAt')}</Table.Th>
                <CountHeads />
              </>
            }
          >
            {data.items.map((r) => (
              <Table.Tr key={r.userId}>
                <Table.Td>{r.studentNumber ?? ''}</Table.Td>
                <Table.Td>{r.displayName}</Table.Td>
                <Table.Td>
                  {r.joinedAt ? (
                    formatDateTime(r.joinedAt)
                  ) : (
                    <Text span size="sm" c="gray.7">
                      {t('notJoined')}
                    </Text>
                  )}
                </Table.Td>
                <CountCells row={r} />
              </Table.Tr>
            ))}
          </ReportTable>
        </Stack>
      )}
    </QueryFrame>
  );
}

/** /report/group/{groupId}/members */
export function ReportMembersPane() {
  const { t } = useTranslation('reports');
  const { groupId = '' } = useParams();
  const query = useReportMembers(groupId);
  return (
    <QueryFrame query={query}>
      {(data) => (
        <Stack gap="sm">
          <Group justify="flex-end">
            <CsvButton
              url={`/v1/report/group/${enc(groupId)}/members/csv`}
              fileName={`${data.group.name}-members.csv`}
            />
          </Group>
          <OutputDistributionChart rows={data.items} />
          <ReportTable
            label={t('tabs.members')}
            emptyText={t('emptyMembers')}
            rowCount={data.items.length}
            head={
              <>
                <Table.Th>{t('col.studentNumber')}</Table.Th>
                <Table.Th>{t('col.name')}</Table.Th>
                <Table.Th ta="right">{t('col.sessionsJoined')}</Table.Th>
                <CountHeads />
              </>
            }
          >
            {data.items.map((r) => (
              <Table.Tr key={r.userId}>
                <Table.Td>{r.studentNumber ?? ''}</Table.Td>
                <Table.Td>{r.displayName}</Table.Td>
                <NumberCell value={r.sessionsJoined} />
                <CountCells row={r} />
              </Table.Tr>
            ))}
          </ReportTable>
        </Stack>
      )}
    </QueryFrame>
  );
}
