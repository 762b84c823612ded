import { Alert, Box, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GROUP_NAME_MAX } from '@/contracts/api/groups';
import { MODAL_TRANSITION_MS, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { GroupMember } from '@/contracts/entities';
import type { Group as GroupEntity } from '@/contracts/user-entities';
import { isApiError } from '@/lib/api-errors';
import { addToClass, createClass, useClassCandidates } from './api/manage-classes';
import { READABLE_COLORS } from './settings-page';
import { GROUP_KEY } from './api/get-group-members';
import { meQueryKey } from '@/features/auth';

/**
 * Issue 24: staff make a class, add a pupil of their school to the shown class, and move a pupil
 * from the shown class to another. The server keeps it all within the caller's school.
 */

const memberLabel = (m: { name: string; studentNumber: string | null }) =>
  m.studentNumber ? `${m.studentNumber} ${m.name}` : m.name;

function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: GROUP_KEY }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
}

function Dialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('setting');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('group.cancel') }}
      centered
    >
      <Box style={READABLE_COLORS}>{children}</Box>
    </Modal>
  );
}

/** "Make a class": a name and the group it sits under (the shown class's grade by default). */
export function CreateClassButton({
  groups,
  shown,
}: {
  groups: readonly GroupEntity[];
  shown: GroupEntity;
}) {
  const { t } = useTranslation('setting');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {t('group.createClass')}
      </Button>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('group.createClassTitle')}>
        {open && <CreateClassForm groups={groups} shown={shown} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function CreateClassForm({
  groups,
  shown,
  onDone,
}: {
  groups: readonly GroupEntity[];
  shown: GroupEntity;
  onDone: () => void;
}) {
  const { t } = useTranslation('setting');
  const navigate = useNavigate();
  const refresh = useRefreshGroups();
  const inList = (id: string | null) => id !== null && groups.some((g) => g.id === id);
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<string | null>(
    inList(shown.parentId) ? shown.parentId : shown.id,
  );
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t('group.classNameRequired'));
    if (trimmed.length > GROUP_NAME_MAX)
      return setError(t('group.classNameTooLong', { max: GROUP_NAME_MAX }));
    if (!parentId) return;
    setSaving(true);
    setFailed(null);
    try {
      const made = await createClass({ name: trimmed, parentId });
      await refresh();
      notifications.show({
        message: t('group.classCreated', { name: made.name }),
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      onDone();
      navigate(`/setting/group/${made.id}`);
    } catch (e) {
      // The dialog stays open with what was typed.
      setFailed(
        isApiError(e) && e.code === 'conflict' ? t('group.classExists') : t('group.classFailed'),
      );
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('group.className')}
          description={`${name.trim().length} / ${GROUP_NAME_MAX}`}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          required
          data-autofocus
        />
        <Select
          label={t('group.classParent')}
          data={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={parentId}
          onChange={setParentId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {failed}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('group.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('group.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Add a pupil": a pupil of the school who is not in the shown class yet. */
export function AddPupilButton({ shown }: { shown: GroupEntity }) {
  const { t } = useTranslation('setting');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {t('group.addPupil')}
      </Button>
      <Dialog
        opened={open}
        onClose={() => setOpen(false)}
        title={t('group.addPupilTitle', { group: shown.name })}
      >
        {open && <AddPupilForm shown={shown} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function AddPupilForm({ shown, onDone }: { shown: GroupEntity; onDone: () => void }) {
  const { t } = useTranslation('setting');
  const refresh = useRefreshGroups();
  const candidates = useClassCandidates(shown.id);
  const [userId, setUserId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const picked = candidates.data?.find((c) => c.id === userId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    setSaving(true);
    setFailed(false);
    try {
      await addToClass(shown.id, { userId: picked.id });
      await refresh();
      notifications.show({
        message: t('group.pupilAdded', { name: picked.name, group: shown.name }),
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      onDone();
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };

  if (candidates.isPending) return <Text size="sm">{t('group.candidatesLoading')}</Text>;
  if (candidates.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('group.candidatesFailed')}
      </Alert>
    );
  if (candidates.data.length === 0) return <Text size="sm">{t('group.candidatesEmpty')}</Text>;
  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack gap="md">
        <Select
          label={t('group.pupil')}
          placeholder={t('group.pupilPlaceholder')}
          searchable
          nothingFoundMessage={t('group.pupilNone')}
          data={candidates.data.map((c) => ({
            value: c.id,
            label:
              c.groups.length > 0
                ? `${memberLabel(c)} · ${c.groups.map((g) => g.name).join(', ')}`
                : memberLabel(c),
          }))}
          value={userId}
          onChange={setUserId}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {picked && picked.groups.length > 0 && (
          <Text size="sm" c="gray.7">
            {t('group.addKeepsOther', { groups: picked.groups.map((g) => g.name).join(', ') })}
          </Text>
        )}
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('group.addFailed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('group.cancel')}
          </Button>
          <Button type="submit" disabled={!picked} loading={saving}>
            {t('group.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Move to another class" for one pupil of the shown class: pick the class, then confirm the
 * move (the pupil leaves the shown class).
 */
export function MovePupilModal({
  member,
  from,
  groups,
  onClose,
}: {
  member: GroupMember | null;
  from: GroupEntity;
  groups: readonly GroupEntity[];
  onClose: () => void;
}) {
  const { t } = useTranslation('setting');
  return (
    <Dialog opened={member !== null} onClose={onClose} title={t('group.moveTitle')}>
      {member && (
        <MovePupilForm
          key={member.id}
          member={member}
          from={from}
          groups={groups}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}

function MovePupilForm({
  member,
  from,
  groups,
  onDone,
}: {
  member: GroupMember;
  from: GroupEntity;
  groups: readonly GroupEntity[];
  onDone: () => void;
}) {
  const { t } = useTranslation('setting');
  const refresh = useRefreshGroups();
  const [to, setTo] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const target = groups.find((g) => g.id === to);
  // Classes only: a group other groups sit under (a grade) is not where a pupil moves to.
  const parents = new Set(groups.map((g) => g.parentId));
  const targets = groups.filter((g) => g.id !== from.id && !parents.has(g.id));

  const move = async () => {
    if (!target) return;
    setSaving(true);
    setFailed(false);
    try {
      await addToClass(target.id, { userId: member.id, fromGroupId: from.id });
      await refresh();
      notifications.show({
        message: t('group.moved', { name: member.name, group: target.name }),
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      onDone();
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!target) return;
        if (confirming) void move();
        else setConfirming(true);
      }}
    >
      <Stack gap="md">
        <Text fw={500}>{memberLabel(member)}</Text>
        {confirming && target ? (
          <Alert color="orange" variant="light" title={t('group.moveConfirmTitle')}>
            {t('group.moveConfirm', { name: member.name, from: from.name, to: target.name })}
          </Alert>
        ) : (
          <Select
            label={t('group.moveTo')}
            placeholder={t('group.moveToPlaceholder')}
            data={targets.map((g) => ({ value: g.id, label: g.name }))}
            value={to}
            onChange={setTo}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        )}
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('group.moveFailed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {confirming ? (
            <Button variant="default" onClick={() => setConfirming(false)} disabled={saving}>
              {t('group.back')}
            </Button>
          ) : (
            <Button variant="default" onClick={onDone}>
              {t('group.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={!target} loading={saving}>
            {t(confirming ? 'group.moveDo' : 'group.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
