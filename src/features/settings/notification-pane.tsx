import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushError, PushState } from './push-rules';
import { PushFailure, readPushState, turnPushOff, turnPushOn } from './push-subscription';
import { PaneFrame, useSettingsUser } from './settings-page';

/**
 * /setting/notification (issue 14): push notifications for new feedback on this device. The
 * browser's permission is asked only when the user presses "turn on"; the pane shows whether
 * they are on, off, blocked in the browser's settings, or impossible in this browser.
 */
export function NotificationPane() {
  const me = useSettingsUser();
  return me ? <NotificationView userId={me._id} /> : null;
}

function NotificationView({ userId }: { userId: string }) {
  const { t } = useTranslation('setting');
  const [state, setState] = useState<PushState>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PushError | null>(null);

  useEffect(() => {
    let live = true;
    readPushState(userId)
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [userId]);

  const run = async (action: () => Promise<Exclude<PushState, 'loading'>>) => {
    setBusy(true);
    setError(null);
    try {
      setState(await action());
    } catch (e) {
      setError(e instanceof PushFailure ? e.reason : 'subscribeFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PaneFrame title={t('notification.title')}>
      <Stack gap="md" data-testid="push-control">
        <Text size="sm">{t('notification.lead')}</Text>
        {state === 'loading' ? (
          <Loader size="sm" aria-label={t('notification.loading')} />
        ) : (
          <>
            <Text fw={700} role="status" data-testid="push-state" data-state={state}>
              {t(`notification.state.${state}`)}
            </Text>
            {state === 'blocked' && (
              <Alert color="yellow" variant="light">
                {t('notification.blockedHelp')}
              </Alert>
            )}
            {state === 'unsupported' && (
              <Alert color="gray" variant="light">
                {t('notification.unsupportedHelp')}
              </Alert>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {t(`notification.error.${error}`)}
              </Alert>
            )}
            {(state === 'on' || state === 'off') && (
              <Group>
                {state === 'off' ? (
                  <Button loading={busy} onClick={() => void run(() => turnPushOn(userId))}>
                    {t('notification.turnOn')}
                  </Button>
                ) : (
                  <Button variant="outline" loading={busy} onClick={() => void run(turnPushOff)}>
                    {t('notification.turnOff')}
                  </Button>
                )}
              </Group>
            )}
          </>
        )}
      </Stack>
    </PaneFrame>
  );
}
