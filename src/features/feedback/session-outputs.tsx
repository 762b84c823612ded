import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/features/auth';
import { useSessionOutputs } from '@/features/outputs/queries';
import { FeedbackViewer } from './feedback-viewer';

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
  // The outputs section's own read (one owner of GET /v1/session/{id}/outputs); the viewer steps
  // through what the section lists, newest first, without the user's unsent drafts.
  const outputs = useSessionOutputs(sessionId);
  const me = useMe();
  const [open, setOpen] = useState(false);
  const items = (outputs.data ?? []).filter((o) => o.status !== 'autosaved');
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
