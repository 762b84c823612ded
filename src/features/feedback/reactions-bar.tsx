import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOTION_TYPES, type ActionSummary, type EmotionType } from '@/contracts/api/feedback';
import { feedbackKeys, toggleAction, useActions } from './api/feedback-api';

/**
 * Reaction toggles with counts for a session, an output or a comment: one of each type per
 * user; pressing again takes it back.
 */
export function ReactionsBar({
  target,
  targetId,
  types = EMOTION_TYPES,
  disabled = false,
}: {
  target: 'session' | 'output' | 'comment' | 'output-comment';
  targetId: string;
  types?: readonly EmotionType[];
  disabled?: boolean;
}) {
  const { t } = useTranslation('feedback');
  const client = useQueryClient();
  const summary = useActions(target, targetId);
  const [busy, setBusy] = useState<EmotionType | null>(null);

  const press = async (type: EmotionType) => {
    setBusy(type);
    try {
      const next = await toggleAction(target, targetId, type);
      client.setQueryData<ActionSummary>(feedbackKeys.actions(target, targetId), next);
    } catch {
      // The counts stay as they were; the next load shows the truth.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Group gap={6} role="group" aria-label={t('reactions.label')}>
      {types.map((type) => {
        const mine = summary.data?.mine.includes(type) ?? false;
        return (
          <Button
            key={type}
            size="compact-sm"
            radius="xl"
            variant={mine ? 'light' : 'default'}
            color="blue"
            c={mine ? 'blue.9' : undefined}
            aria-pressed={mine}
            disabled={disabled || !summary.data}
            loading={busy === type}
            onClick={() => void press(type)}
          >
            {t(`reactions.${type}`)} {summary.data?.counts[type] ?? 0}
          </Button>
        );
      })}
    </Group>
  );
}
