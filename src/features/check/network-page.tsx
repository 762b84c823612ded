import { Alert, Anchor, Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { pageTitle } from '@/lib/page-title';
import { useLazyNamespace } from '@/lib/use-lazy-namespace';
import { PageLoader } from '@/features/page-status';
import { extraHosts, portOf, type ExtraHosts } from './network-requirements';

const FILTERS = ['iFilter', 'interSafe', 'interClass', 'generic'] as const;
const Steps = z.array(z.string());

/**
 * /network, the network requirements for a school's IT staff (issue 27): the hosts, ports,
 * addresses and methods Tomoni needs, what to ask the filter for and why, and short steps for
 * the common filters. Public, in the page's language, with this deployment's own host (from
 * `location`) and the other hosts its Content-Security-Policy names.
 */
export function NetworkPage() {
  return useLazyNamespace('check') ? <Network /> : <PageLoader />;
}

/** The other hosts this deployment's policy lets a page reach (read from this page's headers). */
function useExtraHosts(): ExtraHosts {
  const [hosts, setHosts] = useState<ExtraHosts>({ media: [], services: [] });
  useEffect(() => {
    let live = true;
    fetch(window.location.pathname, { cache: 'no-store', credentials: 'omit' })
      .then((res) => {
        const csp = res.headers.get('content-security-policy');
        void res.body?.cancel();
        if (live) setHosts(extraHosts(csp, window.location.origin));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return hosts;
}

function Network() {
  const { t, i18n } = useTranslation('check');
  const { origin, host } = window.location;
  const ws = `${window.location.protocol === 'http:' ? 'ws' : 'wss'}://${host}/ws`;
  const port = portOf(origin);
  const extra = useExtraHosts();

  useEffect(() => {
    document.title = pageTitle(t('networkPage.title'));
  }, [t, i18n.language]);

  const hostRows = [
    {
      host,
      port,
      protocol: window.location.protocol === 'http:' ? 'HTTP, WS' : 'HTTPS, WSS',
      use: t('networkPage.ownUse'),
    },
    ...extra.media.map((o) => ({
      host: new URL(o).host,
      port: portOf(o),
      protocol: new URL(o).protocol.replace(':', '').toUpperCase(),
      use: t('networkPage.mediaUse'),
    })),
    ...extra.services.map((o) => ({
      host: new URL(o).host,
      port: portOf(o),
      protocol: new URL(o).protocol.replace(':', '').toUpperCase(),
      use: t('networkPage.serviceUse'),
    })),
  ];
  const paths = [
    { address: `${origin}/`, method: 'GET', what: t('networkPage.pathPages') },
    {
      address: `${origin}/v1/…, ${origin}/v2/…`,
      method: 'GET, POST, PUT, DELETE',
      what: t('networkPage.pathApi'),
    },
    { address: ws, method: 'GET (Upgrade: websocket)', what: t('networkPage.pathWs') },
    { address: `${origin}/ws/open`, method: 'POST', what: t('networkPage.pathOpen') },
    { address: `${origin}/ws/stream`, method: 'GET', what: t('networkPage.pathStream') },
    { address: `${origin}/ws/poll`, method: 'GET', what: t('networkPage.pathPoll') },
    { address: `${origin}/ws/send`, method: 'POST', what: t('networkPage.pathSend') },
    { address: `${origin}/ws/close`, method: 'POST', what: t('networkPage.pathClose') },
  ];
  const list = (key: string, vars: Record<string, string>) => {
    const parsed = Steps.safeParse(t(key as never, { ...vars, returnObjects: true }));
    return parsed.success ? parsed.data : [];
  };

  return (
    <Stack gap="md" maw={880} mx="auto" data-testid="network-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('networkPage.title')}
        </Title>
        <Text c="gray.7">{t('networkPage.intro', { origin })}</Text>
      </Stack>
      <Alert color="blue" variant="light">
        <Text size="sm" c="dark.7">
          {t('networkPage.works')}
        </Text>
      </Alert>

      <Title order={2} size="h4">
        {t('networkPage.hostsTitle')}
      </Title>
      <Table withTableBorder data-testid="network-hosts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('networkPage.host')}</Table.Th>
            <Table.Th scope="col">{t('networkPage.port')}</Table.Th>
            <Table.Th scope="col">{t('networkPage.protocol')}</Table.Th>
            <Table.Th scope="col">{t('networkPage.usedFor')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hostRows.map((row) => (
            <Table.Tr key={`${row.host}-${row.use}`}>
              {/* Only a host or an address may break anywhere; words and headers wrap whole. */}
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Code>{row.host}</Code>
              </Table.Td>
              <Table.Td>{row.port}</Table.Td>
              <Table.Td>{row.protocol}</Table.Td>
              <Table.Td>{row.use}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {hostRows.length === 1 && <Text size="sm">{t('networkPage.noOthers')}</Text>}
      <Text size="sm" c="gray.7">
        {t('networkPage.youtube')}
      </Text>

      <Title order={2} size="h4">
        {t('networkPage.pathsTitle')}
      </Title>
      <Table withTableBorder data-testid="network-paths">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('networkPage.address')}</Table.Th>
            <Table.Th scope="col">{t('networkPage.method')}</Table.Th>
            <Table.Th scope="col">{t('networkPage.what')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paths.map((row) => (
            <Table.Tr key={row.address}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Code>{row.address}</Code>
              </Table.Td>
              <Table.Td>{row.method}</Table.Td>
              <Table.Td>{row.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">{t('networkPage.sessionHeader')}</Text>

      <Title order={2} size="h4">
        {t('networkPage.askTitle')}
      </Title>
      <List type="ordered" spacing="xs" size="sm">
        {list('networkPage.ask', { ws }).map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>

      <Title order={2} size="h4">
        {t('networkPage.filtersTitle')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('networkPage.filtersNote')}
      </Text>
      {FILTERS.map((id) => (
        <Stack key={id} gap={4} data-testid={`network-filter-${id}`}>
          <Title order={3} size="h5">
            {t(`networkPage.filters.${id}.name`)}
          </Title>
          <List type="ordered" spacing={4} size="sm">
            {list(`networkPage.filters.${id}.steps`, { host, ws, port: String(port) }).map(
              (step) => (
                <List.Item key={step}>{step}</List.Item>
              ),
            )}
          </List>
        </Stack>
      ))}

      <Title order={2} size="h4">
        {t('networkPage.afterTitle')}
      </Title>
      <Text size="sm">{t('networkPage.after')}</Text>
      <Anchor component={Link} to="/check" size="sm">
        {t('networkPage.checkLink')}
      </Anchor>
    </Stack>
  );
}
