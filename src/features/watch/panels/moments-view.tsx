import { Anchor, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReflectionDialog } from '@/features/reflections';
import { usePermission } from '@/features/auth';
import { OutputDialog, OutputPromptAction } from '@/features/outputs';
import type { Overlays } from '../session/overlays';
import { VotePanel } from './vote-panel';

export interface MomentsViewProps {
  sessionId: string;
  streamId: string | null;
  overlays: Overlays;
  onRevealVote?: (() => void) | undefined;
}

/** The timed moments that ask something of the viewer: discussion, vote and the posting prompts. */
function MomentsViewView({ sessionId, streamId, overlays, onRevealVote }: MomentsViewProps) {
  const { t } = useTranslation('watch');
  const sessionHref = `/session/${encodeURIComponent(sessionId)}`;
  // Held here, not in the card: the dialog stays open after the output moment has passed.
  const [outputOpen, setOutputOpen] = useState(false);
  // No "write your output" for an account that cannot post (guests, graduates; issue 9, item 16).
  const canPost = usePermission('submitOutput').isPermitted;
  const outputDialog = outputOpen && (
    <Suspense fallback={null}>
      <OutputDialog opened onClose={() => setOutputOpen(false)} sessionId={sessionId} />
    </Suspense>
  );
  // The reflection editor opens in place at the lesson's end (issue 24), like the output dialog.
  const [reflectionOpen, setReflectionOpen] = useState(false);
  const reflectionDialog = reflectionOpen && (
    <Suspense fallback={null}>
      <ReflectionDialog opened onClose={() => setReflectionOpen(false)} sessionId={sessionId} />
    </Suspense>
  );
  if (!overlays.discuss && !overlays.vote && overlays.prompts.length === 0) {
    return outputDialog || reflectionDialog ? (
      <>
        {outputDialog}
        {reflectionDialog}
      </>
    ) : null;
  }
  return (
    <Stack gap="sm" aria-live="polite">
      {outputDialog}
      {reflectionDialog}
      {overlays.discuss && (
        <Paper withBorder p="md" radius="md" bg="yellow.0" data-testid="overlay-discuss">
          {/* A light badge: the theme keeps its text readable on the yellow card (yellow text
              on it was 2.8:1). */}
          <Badge variant="light" color="yellow" w="fit-content">
            {t('discuss.label')}
          </Badge>
          <Title order={3} size="h5">
            {overlays.discuss.action.params.title ?? overlays.discuss.action.params.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('discuss.hint')}
          </Text>
        </Paper>
      )}
      {overlays.vote && (
        <VotePanel
          key={overlays.vote.voteKey}
          sessionId={sessionId}
          streamId={streamId}
          vote={overlays.vote}
          onReveal={onRevealVote}
        />
      )}
      {overlays.prompts.map((prompt) => (
        <Paper
          key={prompt.key}
          withBorder
          p="md"
          radius="md"
          data-testid={`overlay-${prompt.kind}`}
        >
          <Text size="xs" fw={700} c="blue.8" tt="uppercase">
            {t(`prompt.${prompt.kind}.label`)}
          </Text>
          <Title order={3} size="h5">
            {prompt.action.params.name ?? t(`prompt.${prompt.kind}.label`)}
          </Title>
          {prompt.kind === 'output' ? (
            canPost && (
              <OutputPromptAction sessionId={sessionId} onOpen={() => setOutputOpen(true)} />
            )
          ) : prompt.kind === 'reflection' ? (
            canPost && (
              <Button
                size="xs"
                variant="light"
                w="fit-content"
                onClick={() => setReflectionOpen(true)}
              >
                {t('prompt.reflection.open')}
              </Button>
            )
          ) : (
            /* The feedback dialog comes with its own issue; the session page opens. */
            <Anchor href={sessionHref} target="_blank" rel="noopener" size="sm">
              {t(`prompt.${prompt.kind}.open`)}
            </Anchor>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** Memoized: the watch page re-renders with the room's clock; this only when its props change. */
export const MomentsView = memo(MomentsViewView);
