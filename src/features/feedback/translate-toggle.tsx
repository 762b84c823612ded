import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTranslationAvailable } from './api/feedback-api';
import type { useTranslateToggle } from './use-translate-toggle';

/**
 * The translate button under a text, with its failure message; nothing when the server has no
 * translation provider configured. One component for output descriptions and feedback.
 */
export function TranslateToggle({ tr }: { tr: ReturnType<typeof useTranslateToggle> }) {
  const { t } = useTranslation('feedback');
  const available = useTranslationAvailable();
  if (available.data !== true) return null;
  return (
    <Group gap="xs">
      <Button
        size="compact-xs"
        variant="subtle"
        color="cyan"
        c="cyan.9"
        loading={tr.busy}
        onClick={tr.toggle}
      >
        {tr.showTranslated ? t('translate.original') : t('translate.button')}
      </Button>
      {tr.failed && (
        <Text size="xs" c="red.8" role="status">
          {t('translate.failed')}
        </Text>
      )}
    </Group>
  );
}
