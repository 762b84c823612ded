import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  MODAL_TRANSITION_MS,
  PASSWORD_MIN_LENGTH,
  TOAST_AUTO_CLOSE_MS,
} from '@/contracts/constants';
import type { GroupMember } from '@/contracts/entities';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/time';
import { useGroupMembers } from './api/get-group-members';
import { useGroupsWithChildren } from './api/get-my-groups';
import { updateUser } from '@/features/auth/queries';
import { resolveGroupRoute, settingsGroups } from './group-rules';
import { MemberUnlockButton } from './member-unlock-button';
import { AddPupilButton, CreateClassButton, MovePupilModal } from './class-management';
import { CorrectNameButton, FeedbackApprovalSwitch } from './group-screening';
import { hasNoErrors, validateMemberPassword } from './password-rules';
import { PaneFrame, READABLE_COLORS } from './settings-page';
import { SchoolSignInSection } from './school-sign-in';
import { GROUP_KEY } from './api/get-group-members';

/** Pupils are the accounts a staff member may give a password to (the server enforces it too). */
const isPupil = (m: GroupMember) => m.role === 'member' || m.role === 'supporter';

/** /setting/group and /setting/group/{id}; the settings layout already sent non-staff to '/'. */
export function GroupPane() {
  const { t } = useTranslation(['setting', 'common']);
  const { groupId } = useParams();
  const navigate = useNavigate();
  const groups = useGroupsWithChildren();
  const [editing, setEditing] = useState<GroupMember | null>(null);
  const [moving, setMoving] = useState<GroupMember | null>(null);

  const list = settingsGroups(groups.data ?? []);
  const me = useMe();
  const myGroupIds = (me.data?.groups ?? []).map((g) => g.id);
  const route = groups.isSuccess ? resolveGroupRoute(list, groupId, myGroupIds) : null;
  const shown = route?.kind === 'show' ? route.group : null;
  const members = useGroupMembers(shown?.id ?? null);

  if (groups.isPending) return <PaneLoader />;
  if (groups.isError)
    return (
      <PaneFrame title={t('setting:group.title')}>
        <Alert color="red" variant="light" role="alert">
          {t('common:error.default')}
        </Alert>
      </PaneFrame>
    );
  if (route?.kind === 'redirect') return <Navigate to={route.to} replace />;

  return (
    <PaneFrame title={t('setting:group.title')}>
      <Stack gap="lg">
        <Alert color="yellow" variant="light">
          <Stack gap={6}>
            <Text size="sm">{t('setting:group.warningTell')}</Text>
            <Text size="sm">{t('setting:group.warningPrompt')}</Text>
          </Stack>
        </Alert>
        {route?.kind === 'empty' || !shown ? (
          <Text c="gray.7">{t('setting:group.empty')}</Text>
        ) : (
          <>
            <Group align="end" gap="sm">
              <Select
                label={t('setting:group.groups')}
                data={list.map((g) => ({
                  value: g.id,
                  label:
                    g.parentId !== null && list.some((p) => p.id === g.parentId)
                      ? `— ${g.name}`
                      : g.name,
                }))}
                value={shown.id}
                onChange={(id) => id && navigate(`/setting/group/${id}`)}
                allowDeselect={false}
                maw={420}
                style={{ flex: '1 1 240px' }}
              />
              <CreateClassButton groups={list} shown={shown} />
              <AddPupilButton shown={shown} />
            </Group>
            <ResetRequests members={members.data} onChangePassword={setEditing} />
            <FeedbackApprovalSwitch key={shown.id} groupId={shown.id} />
            <FeedbackApprovalSwitch
              key={`${shown.id}-pictures`}
              groupId={shown.id}
              rule="pictureApproval"
            />
            <SchoolSignInSection key={`${shown.id}-sign-in`} groupId={shown.id} />
            <MemberTable
              members={members.data}
              pending={members.isPending}
              failed={members.isError}
              onChangePassword={setEditing}
              onMove={list.length > 1 ? setMoving : undefined}
            />
            <MovePupilModal
              member={moving}
              from={shown}
              groups={list}
              onClose={() => setMoving(null)}
            />
          </>
        )}
      </Stack>
      <MemberPasswordModal member={editing} onClose={() => setEditing(null)} />
    </PaneFrame>
  );
}

/**
 * Pupils who asked for a new password (POST /v0/password-reset): listed first so the teacher
 * sees them without scanning the table; setting a password closes the request.
 */
function ResetRequests({
  members,
  onChangePassword,
}: {
  members: GroupMember[] | undefined;
  onChangePassword: (m: GroupMember) => void;
}) {
  const { t } = useTranslation('setting');
  const asking = (members ?? []).filter((m) => m.passwordResetRequestedAt && isPupil(m));
  if (asking.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('group.resetRequestsTitle')}>
      <Stack gap="xs">
        <Text size="sm">{t('group.resetRequestsIntro')}</Text>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {asking.map((m) => (
            <Group key={m.id} component="li" gap="sm" wrap="nowrap">
              <Text size="sm" fw={500}>
                {m.studentNumber ? `${m.studentNumber} ${m.name}` : m.name}
              </Text>
              <Text size="xs" c="gray.7">
                {formatDateTime(m.passwordResetRequestedAt!)}
              </Text>
              <Button
                size="xs"
                onClick={() => onChangePassword(m)}
                aria-label={t('group.resetFor', { name: m.name })}
              >
                {t('group.resetSet')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Alert>
  );
}

function PaneLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

function MemberTable({
  members,
  pending,
  failed,
  onChangePassword,
  onMove,
}: {
  members: GroupMember[] | undefined;
  pending: boolean;
  failed: boolean;
  onChangePassword: (m: GroupMember) => void;
  onMove?: (m: GroupMember) => void;
}) {
  const { t } = useTranslation('setting');
  if (pending) return <PaneLoader />;
  if (failed || !members)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('group.membersFailed')}
      </Alert>
    );
  if (members.length === 0) return <Text c="gray.7">{t('group.membersEmpty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('group.members')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('group.studentNumber')}</Table.Th>
            <Table.Th>{t('group.name')}</Table.Th>
            <Table.Th>{t('group.displayName')}</Table.Th>
            <Table.Th>{t('group.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{m.studentNumber ?? '—'}</Table.Td>
              <Table.Td>
                {m.name}
                {m.passwordResetRequestedAt ? (
                  <Badge ml="xs" color="orange" variant="light" size="sm">
                    {t('group.resetRequested')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>
                {m.displayName}
                {m.displayNameHidden ? (
                  <Badge
                    ml="xs"
                    color="orange"
                    variant="light"
                    size="sm"
                    title={t('group.nameHiddenHint')}
                  >
                    {t('group.nameHidden')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>
                {isPupil(m) && (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onChangePassword(m)}
                      aria-label={t('group.changePasswordOf', { name: m.name })}
                    >
                      {t('group.changePassword')}
                    </Button>
                    {onMove && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onMove(m)}
                        aria-label={t('group.moveOf', { name: m.name })}
                      >
                        {t('group.move')}
                      </Button>
                    )}
                    {/* Only for an account wrong passwords have held back (issue 24). */}
                    {m.signInDelayed && <MemberUnlockButton member={m} />}
                    <CorrectNameButton member={m} />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** New password and its confirmation → PUT /v1/user/{memberId} with only the password. */
function MemberPasswordModal({
  member,
  onClose,
}: {
  member: GroupMember | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('setting');
  return (
    <Modal
      opened={member !== null}
      onClose={onClose}
      title={t('group.modalTitle')}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('group.cancel') }}
      centered
    >
      {/* Keyed by member so each opening starts with empty fields. */}
      {member && (
        <Box style={READABLE_COLORS}>
          <MemberPasswordForm key={member.id} member={member} onDone={onClose} />
        </Box>
      )}
    </Modal>
  );
}

function MemberPasswordForm({ member, onDone }: { member: GroupMember; onDone: () => void }) {
  const { t } = useTranslation(['setting', 'common']);
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ next: '', confirm: '' });
  const [touched, setTouched] = useState({ next: false, confirm: false });
  const [saving, setSaving] = useState(false);
  const errors = validateMemberPassword(form);
  const canSave = hasNoErrors(errors) && !saving;

  const submit = async () => {
    setSaving(true);
    try {
      await updateUser(member.id, { password: form.next });
      notifications.show({
        message: t('setting:group.changed', { name: member.name }),
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      // The pupil's password-reset request is closed by this change: read the list again.
      void queryClient.invalidateQueries({ queryKey: GROUP_KEY });
      onDone();
    } catch (error) {
      notifications.show({
        message:
          isApiError(error) && error.code === 'weakPassword'
            ? t('setting:invalidPassword', { count: PASSWORD_MIN_LENGTH })
            : isApiError(error) && error.code === 'commonPassword'
              ? t('setting:commonPassword')
              : t('setting:group.changeFailed'),
        color: 'red',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (canSave) void submit();
      }}
    >
      <Stack gap="md">
        <Text fw={500}>
          {member.studentNumber
            ? t('setting:group.modalFor', { name: member.name, number: member.studentNumber })
            : t('setting:group.modalForNoNumber', { name: member.name })}
        </Text>
        <TextInput
          type="password"
          label={t('setting:password.new')}
          value={form.next}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setForm((f) => ({ ...f, next }));
            setTouched((s) => ({ ...s, next: true }));
          }}
          error={
            touched.next && errors.next
              ? t(`setting:${errors.next}`, { count: PASSWORD_MIN_LENGTH })
              : undefined
          }
          autoComplete="new-password"
          required
          data-autofocus
        />
        <TextInput
          type="password"
          label={t('setting:password.confirm')}
          value={form.confirm}
          onChange={(e) => {
            const confirm = e.currentTarget.value;
            setForm((f) => ({ ...f, confirm }));
            setTouched((s) => ({ ...s, confirm: true }));
          }}
          error={touched.confirm && errors.confirm ? t(`setting:${errors.confirm}`) : undefined}
          autoComplete="new-password"
          required
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('setting:group.cancel')}
          </Button>
          <Button type="submit" disabled={!canSave} loading={saving}>
            {t('setting:group.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
