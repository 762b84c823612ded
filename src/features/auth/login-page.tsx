import {
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Image,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { LOGIN_CARD_WIDTH, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { apiSession } from '@/lib/api-session';
import { meQueryKey, meQueryOptions } from './api/get-me';
import { oauthProvidersQuery, useOAuthProviders } from './api/oauth';
import { login } from './api/login';
import { agreeToTerms } from './api/update-user';
import { safeDestination } from './destination';
import { providerErrorKey, sessionSiteToken } from './cross-window';
import { loginErrorKey } from './login-errors';
import { canSubmit, loginMachine } from './login-machine';
import { LoginLanguageSwitch } from './login-language-switch';
import { ProviderButtons } from './provider-buttons';
import { useProviderPopup } from './use-provider-popup';
import { pageTitle } from '@/lib/page-title';

const TermsDialog = lazy(() => import('./terms-dialog').then((m) => ({ default: m.TermsDialog })));
const PasswordResetDialog = lazy(() =>
  import('./password-reset-dialog').then((m) => ({ default: m.PasswordResetDialog })),
);

/** Small grey text at a contrast axe accepts (4.5:1 on white); Mantine's "dimmed" is lighter. */
const DESCRIPTION_COLOR = 'var(--mantine-color-gray-7)';

/** The origin allowed to hand over a token; unset means no cross-window login at all. */
const sessionSiteOrigin = (): string | null => {
  const value: unknown = import.meta.env.VITE_SESSION_SITE_ORIGIN;
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * The page's one read, started by the route's loader with the page's module, before the page's
 * first render rather than after it (issue 10).
 */
export const prefetchLoginReads = (queryClient: QueryClient) => {
  void queryClient.prefetchQuery(oauthProvidersQuery());
};

export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [resetOpened, setResetOpened] = useState(false);
  const errorId = useId();

  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          login: fromPromise(({ input }) => login(input)),
          fetchMe: fromPromise(() => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })),
          agreeTerms: fromPromise(async ({ input }) => {
            const me = await agreeToTerms(input.userId);
            queryClient.setQueryData(meQueryKey, me);
            return me;
          }),
        },
        actions: {
          storeTokens: (_, tokens) => apiSession.tokens.setTokens(tokens),
          clearTokens: () => {
            apiSession.tokens.clear();
            queryClient.removeQueries({ queryKey: meQueryKey });
          },
          redirect: (_, { destination }) => void navigate(destination, { replace: true }),
          notifyTermsCancelled: () =>
            notifications.show({
              message: t('termsdialog.cancelled'),
              color: 'gray',
              autoClose: TOAST_AUTO_CLOSE_MS,
            }),
        },
      }),
    [navigate, queryClient, t],
  );
  const [state, send] = useMachine(machine, {
    input: { destination: safeDestination(searchParams.get('redirect')) },
  });
  const { username, password, error } = state.context;
  const termsOpen = state.matches('termsDialog') || state.matches('agreeingTerms');
  // Fetched the first time it opens; kept mounted after, so closing plays its transition.
  const [termsMounted, setTermsMounted] = useState(false);
  if (termsOpen && !termsMounted) setTermsMounted(true);
  const working =
    state.matches('submitting') ||
    state.matches('checkingTerms') ||
    state.matches('agreeingTerms') ||
    state.matches('done');

  useEffect(() => {
    document.title = pageTitle(t('documentTitle'));
  }, [t]);

  useEffect(() => {
    const allowed = sessionSiteOrigin();
    if (!allowed) return undefined;
    const onMessage = (event: MessageEvent) => {
      const received = sessionSiteToken(event, allowed);
      if (received) send({ type: 'token.receive', ...received });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  const providers = useOAuthProviders();
  const providerPopup = useProviderPopup('login', (outcome) => {
    if (outcome.kind === 'blocked') {
      send({ type: 'login.fail', error: 'popupBlocked' });
    } else if (outcome.kind === 'startFailed') {
      send({ type: 'login.fail', error: loginErrorKey(outcome.error) });
    } else if (outcome.message.result === 'signedIn') {
      const { token, refreshToken } = outcome.message;
      send({ type: 'token.receive', token, refreshToken });
    } else if (outcome.message.result === 'failed') {
      const key = providerErrorKey(outcome.message.provider, outcome.message.reason);
      if (key) send({ type: 'login.fail', error: key });
    }
  });

  return (
    <Center mih="100dvh" p="md" component="main">
      <Paper w={LOGIN_CARD_WIDTH} maw="100%" p="xl" radius="md" withBorder shadow="sm">
        <Stack gap="lg">
          <LoginLanguageSwitch />
          <Stack gap="xs" align="center">
            <Title order={1} lh={1}>
              <Image src="/logo.svg" alt={t('common:appName')} h={48} w="auto" fit="contain" />
            </Title>
            <Text size="sm" c="gray.7" ta="center">
              {t('concept')}
            </Text>
          </Stack>

          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'login.submit' });
            }}
          >
            <Stack gap="md">
              <TextInput
                label={t('accountName.label')}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                disabled={working}
                onChange={(e) =>
                  send({ type: 'field.change', field: 'username', value: e.currentTarget.value })
                }
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                styles={{ description: { color: DESCRIPTION_COLOR } }}
                description={
                  <Stack gap={2} component="span" mt={4}>
                    <span>{t('accountName.caution1')}</span>
                    <span>{t('accountName.caution2')}</span>
                  </Stack>
                }
                aria-describedby={error ? errorId : undefined}
              />
              <PasswordInput
                label={t('password.label')}
                name="password"
                autoComplete="current-password"
                value={password}
                disabled={working}
                onChange={(e) =>
                  send({ type: 'field.change', field: 'password', value: e.currentTarget.value })
                }
                visible={passwordVisible}
                onVisibilityChange={setPasswordVisible}
                visibilityToggleButtonProps={{
                  'aria-label': passwordVisible ? t('password.hide') : t('password.show'),
                }}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                styles={{ description: { color: DESCRIPTION_COLOR } }}
                description={
                  <Box component="span" mt={4} display="block">
                    {t('password.note')}
                  </Box>
                }
              />
              <Button
                variant="subtle"
                size="compact-sm"
                type="button"
                onClick={() => setResetOpened(true)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('passwordReset.open')}
              </Button>
              {resetOpened && (
                <Suspense fallback={null}>
                  <PasswordResetDialog
                    opened={resetOpened}
                    initialUsername={username}
                    onClose={() => setResetOpened(false)}
                  />
                </Suspense>
              )}
              {error && (
                <Alert id={errorId} color="red" variant="light" role="alert" p="sm">
                  {state.matches('waiting')
                    ? t(error === 'busy' ? 'error.busyWait' : 'error.rateLimitedWait', {
                        seconds: state.context.retryAfterS ?? 1,
                      })
                    : t(`error.${error}`)}
                </Alert>
              )}
              <Button
                type="submit"
                fullWidth
                size="md"
                disabled={!canSubmit(state.context) || working || state.matches('waiting')}
                loading={working}
              >
                {t('submit')}
              </Button>
            </Stack>
          </form>

          {(providers.data ?? []).length > 0 && (
            <>
              <Divider
                label={t('or')}
                labelPosition="center"
                styles={{ label: { color: DESCRIPTION_COLOR } }}
              />
              <ProviderButtons
                enabled={providers.data ?? []}
                pending={providerPopup.pending}
                disabled={working}
                onSelect={providerPopup.open}
              />
            </>
          )}
        </Stack>
      </Paper>

      {termsMounted && (
        <Suspense fallback={null}>
          <TermsDialog
            opened={termsOpen}
            agreeing={state.matches('agreeingTerms')}
            onAgree={() => send({ type: 'terms.agree' })}
            onDecline={() => send({ type: 'terms.decline' })}
          />
        </Suspense>
      )}
    </Center>
  );
}
