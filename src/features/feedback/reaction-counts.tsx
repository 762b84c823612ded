import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMOTION_TYPES, type EmotionType } from '@/contracts/api/feedback';
import type { OutputReactions } from '@/contracts/entities';

// Same faces as the session cards for the types they share.
const ICONS: Record<EmotionType, string> = {
  wow: '😲',
  thinking: '🤔',
  crying: '😢',
  inspired: '💡',
  noting: '📝',
  worthy: '👏',
};

/**
 * The non-zero reaction counts of an output card, read-only and compact: an icon for the eye,
 * the type's name for screen readers ("Wow 3"). Nothing at all when no one has reacted.
 */
export function ReactionCounts({ counts }: { counts: OutputReactions | undefined }) {
  const { t } = useTranslation('feedback');
  const shown = counts ? EMOTION_TYPES.filter((type) => counts[type] > 0) : [];
  if (!counts || shown.length === 0) return null;
  return (
    <Group gap="xs" role="group" aria-label={t('reactions.label')} data-testid="reaction-counts">
      {shown.map((type) => (
        <Text key={type} size="xs" c="gray.7">
          <span aria-hidden="true">{ICONS[type]} </span>
          <VisuallyHidden>{t(`reactions.${type}`)} </VisuallyHidden>
          {counts[type]}
        </Text>
      ))}
    </Group>
  );
}
