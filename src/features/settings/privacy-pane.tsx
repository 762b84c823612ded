import { Stack, Switch, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PaneFrame } from './settings-page';

const SWITCHES = ['output', 'feedback', 'session'] as const;
type PrivacySwitch = (typeof SWITCHES)[number];

/** Local only (spec): each switch lives in this browser's localStorage and nothing is sent. */
const storageKey = (name: PrivacySwitch) => `setting.privacy.${name}`;

function PrivacySwitchRow({ name }: { name: PrivacySwitch }) {
  const { t } = useTranslation('setting');
  const [on, setOn] = useLocalStorage<boolean>({
    key: storageKey(name),
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  return (
    <Switch
      checked={on}
      onChange={(e) => setOn(e.currentTarget.checked)}
      label={t(`privacy.${name}`)}
      description={t(`privacy.${name}Description`)}
      size="md"
    />
  );
}

/** /setting/privacy: not in the menu; three switches that save nothing to the server. */
export function PrivacyPane() {
  const { t } = useTranslation('setting');
  return (
    <PaneFrame title={t('privacy.title')}>
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {t('privacy.localOnly')}
        </Text>
        {SWITCHES.map((name) => (
          <PrivacySwitchRow key={name} name={name} />
        ))}
      </Stack>
    </PaneFrame>
  );
}
