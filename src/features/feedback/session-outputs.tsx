import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutputListResponse } from '@/contracts/api/outputs';
import { useMe } from '@/features/auth';
import { apiClient } from '@/lib/api-client';
import { FeedbackViewer } from './feedback-viewer';

/**
 * GET /v1/session/{id}/outputs: the session's outputs the user may see, in the order the outputs
 * section lists them (newest first), so the viewer steps through what the page shows.
 */
function useSessionOutputs(sessionId: string) {
  return useQuery({
    queryKey: ['outputs', 'session', sessionId, 'feedback-viewer'],
    queryFn: async () =>
      (
        await apiClient.request(OutputListResponse, {
          url: `/v1/session/${encodeURIComponent(sessionId)}/outputs`,
        })
      ).items.filter((o) => o.status !== 'autosaved'),
  });
}

/**
 * The session page's way into the feedback viewer: one button opening it on the first output
 * that is not the user's own, previous and next stepping through the session's outputs. (The
 * outputs section beside it lists the same outputs as cards.)
 */
export function SessionOutputs({
  sessionId,
  sessionTitle,
}: {
  sessionId: string;
  sessionTitle?: string;
}) {
  const { t } = useTranslation('feedback');
  const outputs = useSessionOutputs(sessionId);
  const me = useMe();
  const [open, setOpen] = useState(false);
  const items = outputs.data ?? [];
  const firstOther = Math.max(
    items.findIndex((o) => o.userId !== me.data?._id),
    0,
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="feedback-entry-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="feedback-entry-title">
          {t('outputs.title')}
        </Title>
        <Text size="sm">{t('outputs.intro')}</Text>
        {outputs.data && items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('outputs.empty')}
          </Text>
        ) : (
          <Button
            w="fit-content"
            maw="100%"
            // A long label wraps inside the button instead of running off a 360 px phone
            // (issue 9, item 13).
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.4 } }}
            onClick={() => setOpen(true)}
            disabled={!outputs.data}
            loading={outputs.isPending}
          >
            {t('outputs.open', { count: items.length })}
          </Button>
        )}
      </Stack>
      <FeedbackViewer
        opened={open}
        onClose={() => {
          setOpen(false);
          void outputs.refetch();
        }}
        sessionId={sessionId}
        {...(sessionTitle ? { sessionTitle } : {})}
        outputIds={items.map((o) => o.id)}
        startIndex={firstOther}
        reportEnabled
        modeSelector
      />
    </Paper>
  );
}
