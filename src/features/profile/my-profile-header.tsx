import { Skeleton } from '@mantine/core';
import { useState } from 'react';
import { useMe } from '@/features/auth';
import { useProfile } from './api/get-profile';
import { EditProfileModal } from './edit-profile-modal';
import { ProfileHeader } from './profile-header';
import { ViolationNotice } from './violation-notice';

/**
 * The signed-in user's profile header with its edit modal and violation notice, for pages other
 * than /mypage (the home page shows it above the activity list).
 */
export function MyProfileHeader() {
  const me = useMe();
  const profile = useProfile(me.data?._id);
  const [editing, setEditing] = useState(false);
  if (!me.data || !profile.data) return <Skeleton h={64} radius="md" />;
  return (
    <>
      <ProfileHeader profile={profile.data} myId={me.data._id} onEdit={() => setEditing(true)} />
      <ViolationNotice me={me.data} />
      <EditProfileModal me={me.data} opened={editing} onClose={() => setEditing(false)} />
    </>
  );
}
