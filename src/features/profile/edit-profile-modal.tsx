import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DISPLAY_NAME_MAX,
  MODAL_TRANSITION_MS,
  PROFILE_CHANGE_INTERVAL_DAYS,
  TOAST_AUTO_CLOSE_MS,
} from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { meQueryKey } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/time';
import { updateDisplayName } from './api/update-profile';
import {
  canSaveDisplayName,
  displayNameError,
  lockedUntilIfSavedNow,
  nextChangeAt,
  remainingChars,
  withErrorPrefix,
} from './profile-rules';
import { PROFILE_KEY } from './api/get-profile';

/**
 * The display-name editor: required, at most 18 characters with a remaining counter, and for
 * members and supporters one change per 31 days (the notice shows inside the window).
 */
export function EditProfileModal({
  me,
  opened,
  onClose,
}: {
  me: Me;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [value, setValue] = useState(me.displayName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Read once per opening: the window does not need to tick while the modal is open.
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!opened) return;
    setValue(me.displayName);
    setTouched(false);
    setFailure(null);
    setNow(Date.now());
  }, [opened, me.displayName]);

  const error = displayNameError(value);
  const next = nextChangeAt(me.role, me.profileUpdatedAt, now);
  const lockedIfSaved = next === null ? lockedUntilIfSavedNow(me.role, now) : null;
  const canSave =
    !saving &&
    canSaveDisplayName({
      value,
      current: me.displayName,
      role: me.role,
      profileUpdatedAt: me.profileUpdatedAt,
      now,
    });
  const errorText =
    touched && error
      ? withErrorPrefix(
          error === 'required'
            ? t('editModal.required')
            : error === 'hiddenCharacters'
              ? t('editModal.hiddenCharacters')
              : t('editModal.maxLength', { max: DISPLAY_NAME_MAX }),
        )
      : undefined;

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const updated = await updateDisplayName(me._id, value.trim());
      queryClient.setQueryData(meQueryKey, updated);
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      notifications.show({ message: t('updateSuccessfully'), autoClose: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch (e) {
      // The server's message when it sent one (the 31-day rule in the user's language), else the default.
      // The screening refused the name (issue 8): say so, and keep what was typed.
      const message =
        isApiError(e) && e.code === 'textNotAllowed'
          ? t('screening.notAllowed')
          : isApiError(e) && e.code === 'concernRaised'
            ? t('screening.kept')
            : isApiError(e) && e.code === 'profileChangeRestricted'
              ? t('editModal.restricted', {
                  days: PROFILE_CHANGE_INTERVAL_DAYS,
                  date: formatDateTime(
                    nextChangeAt(me.role, me.profileUpdatedAt ?? now, now) ?? now,
                  ),
                })
              : isApiError(e) && e.status > 0 && e.code !== 'unknown' && e.message
                ? e.message
                : t('errorMessage.default');
      setFailure(message);
      if (isApiError(e) && e.code === 'profileChangeRestricted') {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('editModal.title')}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canSave) void save();
        }}
      >
        <Stack gap="md">
          {next !== null && (
            <Alert color="yellow" variant="light" data-testid="profile-restricted">
              <Text size="sm">
                {t('editModal.restricted', {
                  days: PROFILE_CHANGE_INTERVAL_DAYS,
                  date: formatDateTime(next),
                })}
              </Text>
            </Alert>
          )}
          {lockedIfSaved !== null && (
            <Alert color="blue" variant="light" data-testid="profile-rule-preview">
              <Text size="sm">
                {t('screening.preview', {
                  days: PROFILE_CHANGE_INTERVAL_DAYS,
                  date: formatDateTime(lockedIfSaved),
                })}
              </Text>
            </Alert>
          )}
          <TextInput
            label={t('editModal.displayName')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={errorText}
            required
            disabled={next !== null}
            data-autofocus
            rightSectionWidth={72}
            description={
              <Text
                component="span"
                size="xs"
                c={remainingChars(value) < 0 ? 'red' : 'gray.7'}
                aria-live="polite"
              >
                {t('editModal.remaining', { count: remainingChars(value) })}
              </Text>
            }
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{failure}</Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('editModal.cancel')}
            </Button>
            <Button type="submit" disabled={!canSave} loading={saving}>
              {t('editModal.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
