import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@/contracts/api/oauth';

const PROVIDERS: readonly OAuthProvider[] = ['google', 'microsoft'];

export interface ProviderButtonsProps {
  /** Providers configured on the server; the others are not shown at all (issue 9, item 8). */
  enabled: readonly OAuthProvider[];
  /** The provider whose popup is open, if any. */
  pending: OAuthProvider | null;
  disabled?: boolean;
  onSelect: (provider: OAuthProvider) => void;
}

/**
 * 'Continue with Google' and 'Continue with Microsoft'. Microsoft first asks whether to open the
 * provider page (the spec's confirm dialog); the OK click is the gesture that opens the popup.
 */
export function ProviderButtons({
  enabled,
  pending,
  disabled = false,
  onSelect,
}: ProviderButtonsProps) {
  const { t } = useTranslation('login');
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="sm">
      {PROVIDERS.filter((provider) => enabled.includes(provider)).map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          loading={pending === provider}
          disabled={disabled || (pending !== null && pending !== provider)}
          onClick={() => (provider === 'microsoft' ? setConfirming(true) : onSelect(provider))}
        >
          {t(provider)}
        </Button>
      ))}

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('microsoftConfirm.title')}
        centered
        closeButtonProps={{ 'aria-label': t('microsoftConfirm.cancel') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('microsoftConfirm.message')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('microsoftConfirm.cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onSelect('microsoft');
              }}
            >
              {t('microsoftConfirm.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
