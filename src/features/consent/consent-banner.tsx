import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { Me } from '@/contracts/user-entities';
import { updateCookie, type CookieAnswer } from './api/update-cookie';
import { shouldShowConsentBanner } from './consent-rules';

export interface ConsentBannerProps {
  /** The signed-in user (undefined while loading or signed out). */
  me: Me | undefined;
  /** The updated user after the answer was saved (the app refreshes its copy). */
  onSaved: (me: Me) => void;
}

/**
 * The cookie consent banner: fixed at the bottom with approve and refuse, shown while the user's
 * answer is null (users aged 15 or older only) and never on the watch page.
 */
export function ConsentBanner({ me, onSaved }: ConsentBannerProps) {
  const { t } = useTranslation('consent');
  const { pathname } = useLocation();
  const titleId = useId();
  const answer = useMutation({
    mutationFn: (cookie: CookieAnswer) => updateCookie(me?._id ?? '', cookie),
    onSuccess: onSaved,
  });

  if (!shouldShowConsentBanner(me, pathname, new Date())) return null;

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      shadow="md"
      withBorder
      radius={0}
      p="md"
      // Placed by the signed-in shell's bottom dock (fixed, with the download panel above it).
    >
      <Group justify="space-between" align="center" gap="md" maw={1200} mx="auto">
        <div style={{ flex: '1 1 320px' }}>
          <Text fw={700} size="sm" id={titleId}>
            {t('title')}
          </Text>
          <Text size="sm">
            {t('message')}{' '}
            <Anchor component={Link} to="/privacy" size="sm" c="cyan.9" underline="always">
              {t('privacyLink')}
            </Anchor>
          </Text>
          {answer.isError && (
            <Text size="sm" c="red.8" role="alert" mt={4}>
              {t('saveFailed')}
            </Text>
          )}
        </div>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => answer.mutate('refused')}
            disabled={answer.isPending}
          >
            {t('refuse')}
          </Button>
          <Button onClick={() => answer.mutate('approved')} loading={answer.isPending}>
            {t('approve')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
