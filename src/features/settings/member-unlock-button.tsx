import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { GroupMember } from '@/contracts/entities';
import { unlockUser } from './api/unlock-user';
import { GROUP_KEY } from './api/get-group-members';

/**
 * "Allow sign-in" for one pupil in the group pane: clears the pupil's login delays (after too
 * many wrong passwords) so they can sign in at once. Shown only on rows whose sign-in is delayed
 * (`signInDelayed`, issue 24). The server checks the teacher may do it.
 */
export function MemberUnlockButton({ member }: { member: GroupMember }) {
  const { t } = useTranslation('setting');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();

  const unlock = async () => {
    setBusy(true);
    try {
      const { cleared } = await unlockUser(member.id);
      notifications.show({
        message: t(cleared > 0 ? 'group.unlocked' : 'group.unlockNothing', { name: member.name }),
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      // The row's delay is gone: read the members again so the button leaves with it.
      void queryClient.invalidateQueries({ queryKey: GROUP_KEY });
    } catch {
      notifications.show({
        message: t('group.unlockFailed'),
        color: 'red',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="xs"
      variant="default"
      loading={busy}
      onClick={() => void unlock()}
      aria-label={t('group.unlockOf', { name: member.name })}
    >
      {t('group.unlock')}
    </Button>
  );
}
