import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { usePermission } from '@/features/auth';
import { FeedbackViewer } from '@/features/feedback';
import { formatDateTime } from '@/lib/time';
import { LoadError, PageLoader } from '@/features/page-status';
import { useReportFeedbacks } from './api/report-api';
import {
  checkDateRange,
  localToday,
  toHalfWidth,
  type DateFieldError,
  type DateRangeInput,
} from './date-range';
import { pageTitle } from '@/lib/page-title';

/**
 * /feedbackzero: outputs nobody has given feedback to yet, with their count and a date range
 * (all periods, or a start and end date). Only with the seeFeedbackZero permission; otherwise
 * to '/'. Each output opens in the feedback viewer in feedback-zero mode (with the date filter).
 */
export function FeedbackZeroPage() {
  const { t } = useTranslation('reports');
  const permission = usePermission('seeFeedbackZero');
  const [input, setInput] = useState<DateRangeInput>({ mode: 'all', start: '', end: '' });
  const [applied, setApplied] = useState<{ start: string; end: string } | null>(null);
  const [shownErrors, setShownErrors] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const today = localToday();
  const check = checkDateRange(input, today);
  const params = useMemo(
    () => ({ zero: 'true', ...(applied ? { start: applied.start, end: applied.end } : {}) }),
    [applied],
  );
  const list = useReportFeedbacks(params, permission.isPermitted);

  useEffect(() => {
    document.title = pageTitle(t('feedbackZero.title'));
  }, [t]);

  if (permission.isLoading) return <PageLoader />;
  if (!permission.isPermitted) return <Navigate to="/" replace />;

  const apply = (next: DateRangeInput) => {
    const result = checkDateRange(next, today);
    if (result.range === undefined) {
      setShownErrors(true);
      return false;
    }
    setShownErrors(false);
    setApplied(result.range);
    return true;
  };
  const errorText = (e: DateFieldError | undefined) =>
    shownErrors && e ? t(`feedbackZero.error.${e}`) : undefined;
  const items = list.data?.items ?? [];
  const current = viewing !== null ? items[viewing] : undefined;

  return (
    <Stack gap="md" p="md" maw={1200} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('feedbackZero.title')}
      </Title>
      <Text fw={700} aria-live="polite">
        {list.data ? t('feedbackZero.count', { count: list.data.count }) : ' '}
      </Text>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          apply(input);
        }}
      >
        <SegmentedControl
          w="fit-content"
          value={input.mode}
          data={[
            { value: 'all', label: t('feedbackZero.all') },
            { value: 'range', label: t('feedbackZero.range') },
          ]}
          onChange={(mode) => {
            const next = { ...input, mode: mode as DateRangeInput['mode'] };
            setInput(next);
            if (mode === 'all') apply(next);
          }}
        />
        {input.mode === 'range' && (
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('feedbackZero.start')}
              placeholder={t('feedbackZero.placeholder')}
              inputMode="numeric"
              value={input.start}
              onChange={(e) => setInput({ ...input, start: toHalfWidth(e.currentTarget.value) })}
              error={errorText(check.errors.start)}
              w={180}
            />
            <TextInput
              label={t('feedbackZero.end')}
              placeholder={t('feedbackZero.placeholder')}
              inputMode="numeric"
              value={input.end}
              onChange={(e) => setInput({ ...input, end: toHalfWidth(e.currentTarget.value) })}
              error={errorText(check.errors.end)}
              w={180}
            />
            <Button type="submit" mt={25}>
              {t('feedbackZero.apply')}
            </Button>
          </Group>
        )}
      </Stack>

      {list.isPending ? (
        <PageLoader py={48} />
      ) : list.isError ? (
        <LoadError title={t('loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text c="gray.7">{t('feedbackZero.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {items.map((o, i) => (
            <Card key={o.outputId} withBorder padding="md" radius="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} size="sm" truncate>
                    {o.displayName}
                  </Text>
                  <Badge variant="light" color="gray.8" style={{ flexShrink: 0 }}>
                    0
                  </Badge>
                </Group>
                <Text size="xs" c="gray.7" truncate>
                  {o.sessionTitle} · {formatDateTime(o.createdAt)}
                </Text>
                <Text size="sm" lineClamp={3}>
                  {o.description}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setViewing(i)}
                  aria-label={`${t('feedbackZero.open')}: ${o.displayName}`}
                >
                  {t('feedbackZero.open')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}

      {current && (
        <FeedbackViewer
          opened
          onClose={() => {
            setViewing(null);
            // Feedback just given takes the output off this list.
            void list.refetch();
          }}
          sessionId={current.sessionId}
          sessionTitle={current.sessionTitle}
          outputIds={items.map((o) => o.outputId)}
          startIndex={viewing ?? 0}
          dateFilter={{
            value: applied ?? { start: '', end: '' },
            onChange: (range) => {
              const next: DateRangeInput =
                range.start === '' && range.end === ''
                  ? { mode: 'all', start: '', end: '' }
                  : { mode: 'range', start: toHalfWidth(range.start), end: toHalfWidth(range.end) };
              const result = checkDateRange(next, today);
              if (result.range === undefined) {
                const first = result.errors.start ?? result.errors.end;
                notifications.show({
                  color: 'red',
                  message: first ? t(`feedbackZero.error.${first}`) : t('loadFailed'),
                  autoClose: TOAST_AUTO_CLOSE_MS,
                });
                return;
              }
              setInput(next);
              setApplied(result.range);
              setViewing(0);
            },
          }}
        />
      )}
    </Stack>
  );
}
