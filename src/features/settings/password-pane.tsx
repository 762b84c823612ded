import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMachine } from '@xstate/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { minPasswordLength } from '@/contracts/password';
import { LinkProviderButtons } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { updateUser } from '@/features/auth/queries';
import {
  hasNoErrors,
  lengthRuleOf,
  serverPasswordError,
  validateOwnPassword,
  type OwnPasswordField,
  type OwnPasswordForm,
  type PasswordErrorKey,
} from './password-rules';
import { saveMachine } from './save-machine';
import { PaneFrame, useSettingsUser } from './settings-page';

export function PasswordPane() {
  const me = useSettingsUser();
  return me ? <PasswordFormView me={me} /> : null;
}

const FIELDS: ReadonlyArray<{ field: OwnPasswordField; label: 'current' | 'new' | 'confirm' }> = [
  { field: 'current', label: 'current' },
  { field: 'next', label: 'new' },
  { field: 'confirm', label: 'confirm' },
];

const AUTOCOMPLETE: Record<OwnPasswordField, string> = {
  current: 'current-password',
  next: 'new-password',
  confirm: 'new-password',
};

/** Per tab: survives the reload after a change, not a later visit. */
const UPDATED_KEY = 'SETTING.PASSWORD_UPDATED';
const tabStorage = (): Storage | null =>
  typeof sessionStorage === 'undefined' ? null : sessionStorage;
function rememberPasswordUpdated(): void {
  try {
    tabStorage()?.setItem(UPDATED_KEY, '1');
  } catch {
    // Storage refused (private mode, full): the toast alone says it.
  }
}
function wasPasswordUpdated(): boolean {
  try {
    return tabStorage()?.getItem(UPDATED_KEY) === '1';
  } catch {
    return false;
  }
}
function forgetPasswordUpdated(): void {
  try {
    tabStorage()?.removeItem(UPDATED_KEY);
  } catch {
    // Nothing to forget.
  }
}

function PasswordFormView({ me }: { me: Me }) {
  const { t } = useTranslation(['setting', 'common']);
  const [form, setForm] = useState<OwnPasswordForm>({ current: '', next: '', confirm: '' });
  // Errors show for a field once it has been typed in; validation itself runs on every change.
  const [touched, setTouched] = useState<Partial<Record<OwnPasswordField, boolean>>>({});
  const [visible, setVisible] = useState(false);
  const [serverError, setServerError] = useState<{
    field: OwnPasswordField;
    key: PasswordErrorKey;
  } | null>(null);

  // Shown after the reload that follows a change, until the pupil leaves the pane.
  const [updated] = useState(wasPasswordUpdated);
  useEffect(() => {
    if (updated) forgetPasswordUpdated();
  }, [updated]);

  const latest = useRef(form);
  useEffect(() => {
    latest.current = form;
  });
  const [machine] = useState(() =>
    saveMachine.provide({
      actors: {
        save: fromPromise(async () => {
          await updateUser(me._id, {
            userId: me._id,
            oldPassword: latest.current.current,
            password: latest.current.next,
          });
        }),
      },
      actions: {
        notifySuccess: () => {
          // The page reloads after a second (the new tokens); the confirmation must outlive it.
          rememberPasswordUpdated();
          notifications.show({ message: t('setting:updatedPassword'), color: 'teal' });
        },
        notifyFailure: (_, { error }) => {
          const placed = isApiError(error) ? serverPasswordError(error.code) : null;
          if (placed) {
            setServerError(placed);
            return;
          }
          // Other refusals carry no message for the user: one generic line, nothing under a field.
          notifications.show({
            message: t('common:error.default'),
            color: 'red',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        reload: () => window.location.reload(),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);

  const errors = validateOwnPassword(form, me.role);
  const busy = !snapshot.matches('idle') && !snapshot.matches('failure');
  const canUpdate = hasNoErrors(errors) && serverError === null && !busy;

  const change = (field: OwnPasswordField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setTouched((s) => ({ ...s, [field]: true }));
    setServerError(null);
    send({ type: 'form.edit' });
  };

  const messageFor = (field: OwnPasswordField): string | undefined => {
    const count = lengthRuleOf(field, me.role);
    if (serverError?.field === field) return t(`setting:${serverError.key}`, { count });
    const key = errors[field];
    return touched[field] && key ? t(`setting:${key}`, { count }) : undefined;
  };

  return (
    <PaneFrame title={t('setting:password.title')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canUpdate) send({ type: 'save.submit' });
        }}
      >
        <Stack gap="md" maw={480}>
          {updated && (
            <Alert color="teal" variant="light" role="status">
              {t('setting:updatedPassword')}
            </Alert>
          )}
          {FIELDS.map(({ field, label }) => (
            <TextInput
              key={field}
              type={visible ? 'text' : 'password'}
              label={t(`setting:password.${label}`)}
              value={form[field]}
              onChange={(e) => change(field, e.currentTarget.value)}
              error={messageFor(field)}
              autoComplete={AUTOCOMPLETE[field]}
              spellCheck={false}
              autoCapitalize="off"
              description={
                field === 'next' ? (
                  <Text component="span" size="xs" c="gray.8" fw={500}>
                    {t('setting:password.minLengthNote', { count: minPasswordLength(me.role) })}
                  </Text>
                ) : undefined
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
            />
          ))}
          <Checkbox
            label={t('setting:password.show')}
            checked={visible}
            onChange={(e) => setVisible(e.currentTarget.checked)}
          />
          <Group>
            <Button type="submit" disabled={!canUpdate} loading={snapshot.matches('saving')}>
              {t('setting:password.update')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Linking Google or Microsoft lets "Continue with …" sign this account in; it renders
          nothing when the server has no provider configured. */}
      <Stack mt="xl">
        <Suspense fallback={null}>
          <LinkProviderButtons />
        </Suspense>
      </Stack>
    </PaneFrame>
  );
}
