import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerPreferences } from '@/contracts/entities';
import { followerProfileFor, playerPreferences } from '@/features/watch';

type Choice = PlayerPreferences['syncProfile'];
const CHOICES: readonly Choice[] = ['auto', 'standard', 'webkit'];

/**
 * How this device's player follows the teacher's (issue 27): found from the browser (WebKit —
 * Safari and every iPad browser — gets held, rarer corrections), or set here by whoever looks
 * after the device. Stored on the device with the player's other preferences.
 */
export function SyncProfileSetting() {
  const { t } = useTranslation('check');
  const [choice, setChoice] = useState<Choice>(() => playerPreferences.get().syncProfile);
  const detected = followerProfileFor('auto', globalThis);
  return (
    <Paper withBorder radius="md" p="md" data-testid="sync-profile">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('syncProfile.title')}
        </Title>
        <Text size="sm">
          {t('syncProfile.detected', { profile: t(`syncProfile.profile.${detected}`) })}
        </Text>
        <Select
          label={t('syncProfile.label')}
          description={t('syncProfile.hint')}
          data={CHOICES.map((c) => ({
            value: c,
            label:
              c === 'auto'
                ? t('syncProfile.auto', { profile: t(`syncProfile.profile.${detected}`) })
                : t(`syncProfile.profile.${c}`),
          }))}
          value={choice}
          allowDeselect={false}
          onChange={(v) => {
            if (v !== 'auto' && v !== 'standard' && v !== 'webkit') return;
            if (playerPreferences.update({ syncProfile: v })) setChoice(v);
          }}
          maw={420}
        />
      </Stack>
    </Paper>
  );
}
