import { Alert, Box, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, MODAL_TRANSITION_MS, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { GroupMember } from '@/contracts/entities';
import { isApiError } from '@/lib/api-errors';
import {
  useFeedbackApproval,
  useSetFeedbackApproval,
  type ApprovalRule,
} from './api/feedback-approval';
import { updateUser } from '@/features/auth/queries';
import { nameCorrectionError } from './name-correction-rules';
import { READABLE_COLORS } from './settings-page';
import { GROUP_KEY } from './api/get-group-members';

/**
 * The group pane's screening controls (issue 8): the "approve all feedback first" switch for the
 * shown group (and, issue 26, "approve every picture first"), and a button per pupil to correct their display name.
 */
export function FeedbackApprovalSwitch({
  groupId,
  rule = 'feedbackApproval',
}: {
  groupId: string;
  rule?: ApprovalRule;
}) {
  const { t } = useTranslation('setting');
  const approval = useFeedbackApproval(groupId, rule);
  const set = useSetFeedbackApproval(groupId, rule);
  const prefix = rule === 'pictureApproval' ? 'screening.picture' : 'screening.approval';
  if (approval.isError) return null;
  return (
    <Switch
      label={t(`${prefix}Label`)}
      description={t(`${prefix}Help`)}
      checked={approval.data?.enabled ?? false}
      disabled={approval.isPending || set.isPending}
      onChange={(e) => {
        const enabled = e.currentTarget.checked;
        set.mutate(enabled, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t(enabled ? `${prefix}On` : `${prefix}Off`),
              autoClose: TOAST_AUTO_CLOSE_MS,
            }),
          onError: () =>
            notifications.show({
              color: 'red',
              message: t('screening.approvalFailed'),
              autoClose: TOAST_AUTO_CLOSE_MS,
            }),
        });
      }}
      maw={560}
      data-testid={rule === 'pictureApproval' ? 'picture-approval' : 'feedback-approval'}
    />
  );
}

/** "Correct name" for one pupil: opens its own modal. */
export function CorrectNameButton({ member }: { member: GroupMember }) {
  const { t } = useTranslation('setting');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="grape"
        onClick={() => setOpen(true)}
        aria-label={t('screening.correctNameOf', { name: member.name })}
      >
        {t('screening.correctName')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('screening.correctNameTitle')}
        transitionProps={{ duration: MODAL_TRANSITION_MS }}
        centered
      >
        {open && (
          <Box style={READABLE_COLORS}>
            <CorrectNameForm member={member} onDone={() => setOpen(false)} />
          </Box>
        )}
      </Modal>
    </>
  );
}

function CorrectNameForm({ member, onDone }: { member: GroupMember; onDone: () => void }) {
  const { t } = useTranslation('setting');
  const client = useQueryClient();
  const [value, setValue] = useState(member.displayName);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const error = nameCorrectionError(value, member.displayName);

  const submit = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await updateUser(member.id, { displayName: value.trim() });
      await client.invalidateQueries({ queryKey: GROUP_KEY });
      notifications.show({
        color: 'teal',
        message: t('screening.corrected', { name: member.name }),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      onDone();
    } catch (e) {
      // Keep what was typed; say why.
      setFailure(
        isApiError(e) && e.code === 'textNotAllowed'
          ? t('screening.notAllowed')
          : t('screening.correctFailed'),
      );
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!error) void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t('screening.correctNameFor', { name: member.name })}</Text>
        <TextInput
          label={t('screening.newDisplayName')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setTouched(true);
          }}
          error={
            touched && error && error !== 'same'
              ? t(`screening.error.${error}`, { max: DISPLAY_NAME_MAX })
              : undefined
          }
          required
          data-autofocus
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('group.cancel')}
          </Button>
          <Button type="submit" disabled={error !== null} loading={saving}>
            {t('screening.correctSave')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
