import { Button, Stack } from '@mantine/core';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OAuthProvider } from '@/contracts/api/oauth';

/** The confirm dialog is a chunk of its own: /login's first load carries no modal (issue 10). */
const loadConfirm = () => import('./microsoft-confirm');
const MicrosoftConfirm = lazy(() => loadConfirm().then((m) => ({ default: m.MicrosoftConfirm })));

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
  const microsoft = enabled.includes('microsoft');
  // Fetched as soon as the Microsoft button shows, so the dialog opens at once on its click.
  const [confirmLoaded, setConfirmLoaded] = useState(false);
  useEffect(() => {
    if (!microsoft) return;
    let live = true;
    void loadConfirm().then(() => live && setConfirmLoaded(true));
    return () => {
      live = false;
    };
  }, [microsoft]);

  return (
    <Stack gap="sm">
      {PROVIDERS.filter((provider) => enabled.includes(provider)).map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          loading={pending === provider}
          disabled={disabled || (pending !== null && pending !== provider)}
          onClick={() => {
            if (provider !== 'microsoft') return onSelect(provider);
            setConfirmLoaded(true);
            setConfirming(true);
          }}
        >
          {t(provider)}
        </Button>
      ))}

      {confirmLoaded && (
        <Suspense fallback={null}>
          <MicrosoftConfirm
            opened={confirming}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              onSelect('microsoft');
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
