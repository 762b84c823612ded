import { Group, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_GOAL_PER_SESSION } from '@/contracts/constants';
import {
  gaugeReducer,
  gaugeSteps,
  readGauge,
  writeGauge,
  type GaugeEvent,
  type GaugeState,
} from './feedback-gauge';

const storage = (): Storage | null =>
  typeof sessionStorage === 'undefined' ? null : sessionStorage;

/** The gauge's state for a session, kept in session storage. */
export function useFeedbackGauge(sessionId: string) {
  const [state, setState] = useState<GaugeState>(() => {
    const s = storage();
    return s ? readGauge(s, sessionId) : 'initial';
  });
  const [forSession, setForSession] = useState(sessionId);
  if (forSession !== sessionId) {
    // Another session's viewer: start from what that session stored.
    setForSession(sessionId);
    const s = storage();
    setState(s ? readGauge(s, sessionId) : 'initial');
  }
  const send = useCallback(
    (event: GaugeEvent) =>
      setState((prev) => {
        const next = gaugeReducer(prev, event);
        const s = storage();
        if (s && next !== prev) writeGauge(s, sessionId, next);
        return next;
      }),
    [sessionId],
  );
  return { state, send };
}

/** The gauge: progress toward the session's goal of 3 feedback, with a line for each state. */
export function FeedbackGaugeView({ state }: { state: GaugeState }) {
  const { t } = useTranslation('feedback');
  const steps = gaugeSteps(state);
  const goal = FEEDBACK_GOAL_PER_SESSION;
  return (
    <Stack gap={4} data-gauge-state={state} aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('gauge.label')}
        </Text>
        <Text size="sm" c="gray.7">
          {t('gauge.progress', { count: steps, goal })}
        </Text>
      </Group>
      <Progress
        value={(steps / goal) * 100}
        color={state === 'final' ? 'teal' : state === 'noAction' ? 'orange' : 'blue'}
        aria-label={t('gauge.label')}
      />
      <Text size="sm">{t(`gauge.${state}`, { goal })}</Text>
    </Stack>
  );
}
