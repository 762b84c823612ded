import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCastVote, useVoteTally } from '../api/votes';
import type { VoteOverlay } from '../session/overlays';

export interface VotePanelProps {
  sessionId: string;
  streamId: string | null;
  vote: VoteOverlay;
  /** The host may reveal the results to the room before the result time. */
  onReveal?: (() => void) | undefined;
}

/** A vote moment: choices, the viewer's own answer (changeable), and the tallies once shown. */
export function VotePanel({ sessionId, streamId, vote, onReveal }: VotePanelProps) {
  const { t } = useTranslation('watch');
  const tally = useVoteTally(sessionId, streamId, vote.voteKey);
  const cast = useCastVote(sessionId, streamId, vote.voteKey);
  const mine = tally.data?.mine ?? null;
  const total = tally.data?.total ?? 0;

  return (
    <Paper withBorder p="md" radius="md" data-testid="overlay-vote">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('vote.title', { name: vote.action.params.name ?? '' })}
        </Title>
        <Stack gap={6} role="group" aria-label={t('vote.choices')}>
          {vote.choices.map((choice, i) => {
            const label = vote.labels[i] ?? choice;
            const count = tally.data?.counts[choice] ?? 0;
            const chosen = mine?.choice === choice;
            return (
              <Stack key={choice} gap={2}>
                <Button
                  variant={chosen ? 'filled' : 'light'}
                  justify="space-between"
                  aria-pressed={chosen}
                  loading={cast.isPending && cast.variables.choice === choice}
                  disabled={cast.isPending}
                  onClick={() => cast.mutate({ choice, voteId: mine?.id ?? null })}
                  rightSection={vote.resultVisible ? t('vote.count', { n: count }) : undefined}
                >
                  {label}
                </Button>
                {vote.resultVisible && (
                  <Progress
                    value={total > 0 ? (count / total) * 100 : 0}
                    aria-label={t('vote.share', { choice: label })}
                    size="sm"
                  />
                )}
              </Stack>
            );
          })}
        </Stack>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {vote.resultVisible ? t('vote.total', { n: total }) : t('vote.resultsLater')}
          </Text>
          {onReveal && !vote.resultVisible && (
            <Button size="xs" variant="subtle" onClick={onReveal}>
              {t('vote.reveal')}
            </Button>
          )}
        </Group>
        {cast.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('vote.failed')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
