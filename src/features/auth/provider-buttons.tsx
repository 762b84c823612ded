import { Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@/contracts/api/oauth';

const PROVIDERS: readonly OAuthProvider[] = ['google', 'microsoft'];

export interface ProviderButtonsProps {
  /** Providers configured on the server; the others stay visible but inert. */
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
      {PROVIDERS.map((provider) =>
        enabled.includes(provider) ? (
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
        ) : (
          <Tooltip key={provider} label={t('providerNotConfigured')} withArrow>
            {/* Not `disabled`: a disabled button gets no hover or focus, so the tooltip would never show. */}
            <Button
              variant="default"
              fullWidth
              data-disabled
              aria-disabled="true"
              title={t('providerNotConfigured')}
              onClick={(event) => event.preventDefault()}
            >
              {t(provider)}
            </Button>
          </Tooltip>
        ),
      )}

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
