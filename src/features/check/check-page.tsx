import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageTitle } from '@/lib/page-title';
import { useLazyNamespace } from '@/lib/use-lazy-namespace';
import { PageLoader } from '@/features/page-status';
import { CHECK_IDS, runChecks, type CheckId, type CheckResult } from './checks';
import type { Verdict } from './rules';
import { SyncProfileSetting } from './sync-profile-setting';

/** Outline badges on white: each colour reads at 4.5:1 or more (Mantine's yellow.9 is 3:1). */
const VERDICT_COLOR: Record<Verdict, string> = { pass: 'teal.9', warn: '#9c5700', fail: 'red.9' };
const VERDICT_MARK: Record<Verdict, string> = { pass: '✓', warn: '!', fail: '✕' };

/**
 * /check, the system check a school runs before a lesson (issue 13): each check with pass, warn or
 * fail, what was measured, a plain fix, and the results as text for the school's IT contact.
 * Reachable without signing in.
 */
export function CheckPage() {
  return useLazyNamespace('check') ? <Check /> : <PageLoader />;
}

function Check() {
  const { t, i18n } = useTranslation('check');
  const [results, setResults] = useState<Partial<Record<CheckId, CheckResult>>>({});
  const [running, setRunning] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'unsupported' | null>(null);
  const run = useRef(0);

  const start = useCallback(() => {
    const id = ++run.current;
    setResults({});
    setCopied(null);
    setRunning(true);
    void runChecks((r) => {
      if (run.current === id) setResults((prev) => ({ ...prev, [r.id]: r }));
    }).finally(() => {
      if (run.current === id) setRunning(false);
    });
  }, []);

  useEffect(() => {
    start();
    return () => {
      run.current++;
    };
  }, [start]);

  useEffect(() => {
    document.title = pageTitle(t('title'));
  }, [t, i18n.language]);

  const done = CHECK_IDS.every((id) => results[id]);
  const count = (v: Verdict) => CHECK_IDS.filter((id) => results[id]?.verdict === v).length;

  const report = () => {
    const lines = [
      `${t('title')} — ${new Date().toISOString()}`,
      `${window.location.origin}`,
      navigator.userAgent,
      '',
      ...CHECK_IDS.map((id) => {
        const r = results[id];
        if (!r) return `[…] ${t(`${id}.name`)}`;
        const values = Object.entries(r.values)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ');
        return `[${r.verdict.toUpperCase()}] ${t(`${id}.name`)}: ${t(`${id}.${r.reason}` as never, r.values)}${values ? ` (${values})` : ''}`;
      }),
    ];
    return lines.join('\n');
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('unsupported');
      await navigator.clipboard.writeText(report());
      setCopied('copied');
    } catch {
      setCopied('unsupported');
    }
  };

  return (
    <Stack gap="md" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="gray.7">{t('intro')}</Text>
      </Stack>

      <Group gap="sm">
        <Button onClick={start} loading={running} loaderProps={{ type: 'dots' }}>
          {t('runAgain')}
        </Button>
        <Button variant="default" onClick={() => void copy()} disabled={!done}>
          {t('copy')}
        </Button>
        {copied && (
          <Text size="sm" role="status" c={copied === 'copied' ? 'teal.9' : 'red.9'}>
            {t(copied === 'copied' ? 'copied' : 'copyUnsupported')}
          </Text>
        )}
      </Group>

      <Text size="sm" role="status" data-testid="check-summary">
        {done
          ? t('summary', { pass: count('pass'), warn: count('warn'), fail: count('fail') })
          : t('running')}
      </Text>

      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {CHECK_IDS.map((id) => {
          const r = results[id];
          return (
            <Paper
              component="li"
              key={id}
              withBorder
              radius="md"
              p="md"
              data-testid={`check-${id}`}
              data-verdict={r?.verdict ?? 'running'}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={2} size="h5">
                    {t(`${id}.name`)}
                  </Title>
                  {r ? (
                    <>
                      <Text size="sm">{t(`${id}.${r.reason}` as never, r.values)}</Text>
                      {r.verdict !== 'pass' && (
                        <Alert
                          color={r.verdict === 'fail' ? 'red' : 'yellow'}
                          variant="light"
                          p="xs"
                          data-testid={`check-${id}-fix`}
                        >
                          <Text size="sm" c="dark.7">
                            <Text span fw={700}>
                              {t('fixLabel')}
                            </Text>{' '}
                            {t(`${id}.fix`)}
                          </Text>
                          {id === 'path' && (
                            <Anchor component={Link} to="/network" size="sm" c="blue.9">
                              {t('networkLink')}
                            </Anchor>
                          )}
                        </Alert>
                      )}
                    </>
                  ) : (
                    <Text size="sm" c="gray.7">
                      {t('checking')}
                    </Text>
                  )}
                </Stack>
                {r ? (
                  <Badge
                    variant="outline"
                    color={VERDICT_COLOR[r.verdict]}
                    leftSection={<span aria-hidden>{VERDICT_MARK[r.verdict]}</span>}
                    style={{ flexShrink: 0 }}
                  >
                    {t(`verdict.${r.verdict}`)}
                  </Badge>
                ) : (
                  <Loader size="xs" aria-label={t('checking')} />
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <SyncProfileSetting />
      <Text size="sm">
        <Anchor component={Link} to="/network" data-testid="check-network-link">
          {t('networkLink')}
        </Anchor>
      </Text>
    </Stack>
  );
}
