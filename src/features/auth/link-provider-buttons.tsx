import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { useOAuthProviders } from './api/oauth';
import { useProviderPopup } from './use-provider-popup';

/**
 * Lets the signed-in user link a Google or Microsoft account (popup in link mode), so that
 * 'Continue with …' signs them in next time. Only configured providers are offered. For a
 * settings pane to mount; no screen of the spec names one yet
 * (docs/decisions/0119-openid-connect.md).
 */
export function LinkProviderButtons() {
  const { t } = useTranslation('login');
  const providers = useOAuthProviders();
  const popup = useProviderPopup('link', (outcome) => {
    const show = (message: string, color: string) =>
      notifications.show({ message, color, autoClose: TOAST_AUTO_CLOSE_MS });
    if (outcome.kind === 'blocked') show(t('error.popupBlocked'), 'red');
    else if (outcome.kind === 'startFailed') show(t('error.unknown'), 'red');
    else if (outcome.message.result === 'linked') show(t('link.linked'), 'teal');
    else if (outcome.message.result === 'failed' && outcome.message.reason !== 'cancelled') {
      show(
        t(outcome.message.reason === 'alreadyLinked' ? 'error.alreadyLinked' : 'error.unknown'),
        'red',
      );
    }
  });
  const enabled = providers.data ?? [];
  if (enabled.length === 0) return null;

  return (
    <Stack gap="xs">
      <Text size="sm">{t('link.description')}</Text>
      <Group gap="sm">
        {enabled.map((provider) => (
          <Button
            key={provider}
            variant="default"
            loading={popup.pending === provider}
            disabled={popup.pending !== null && popup.pending !== provider}
            onClick={() => popup.open(provider)}
          >
            {t(`link.${provider}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
