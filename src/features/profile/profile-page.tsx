import { Alert, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMediaQuery } from '@mantine/hooks';
import { MAIN_COLUMN_WIDTH, MOBILE_BREAKPOINT, WRAPPER_WIDTH } from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { ActivityPanel } from './activity-panel';
import { useProfile } from './api/get-profile';
import { EditProfileModal } from './edit-profile-modal';
import { ProfileHeader } from './profile-header';
import { ProfileTabs } from './profile-tabs';
import { RecentOutputsCard, RecentSessionCard } from './side-cards';
import { NameHiddenNotice, ViolationNotice } from './violation-notice';
import { NotFoundView } from '@/features/page-status';
import { pageTitle } from '@/lib/page-title';
import { usePersonName } from '@/lib/person-name';

/** The side column beside the 820 px main column inside the 1140 px wrapper. */
const SIDE_WIDTH = WRAPPER_WIDTH - MAIN_COLUMN_WIDTH - 24;

function HeaderSkeleton() {
  const { t } = useTranslation('profile');
  return (
    <Group gap="md" role="status" aria-busy="true" aria-label={t('loading')}>
      <Skeleton circle h={64} />
      <Stack gap={8} style={{ flex: 1 }}>
        <Skeleton h={24} w="40%" />
        <Skeleton h={32} w="70%" />
      </Stack>
    </Group>
  );
}

function ProfileView({ userId, me }: { userId: string; me: Me }) {
  const { t } = useTranslation('profile');
  const profile = useProfile(userId);
  const names = usePersonName();
  const [editing, setEditing] = useState(false);
  const isDesktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`, true);
  const isOwn = profile.data ? profile.data._id === me._id : userId === me._id;
  const name = profile.data?.displayName;

  useEffect(() => {
    if (name === undefined) return;
    document.title = pageTitle(
      isOwn ? t('documentTitle') : t('userDocumentTitle', { name: names.inSentence(name) }),
    );
  }, [isOwn, name, t, names]);

  if (profile.isError && isApiError(profile.error) && profile.error.status === 404) {
    return <NotFoundView />;
  }
  if (profile.isError) {
    return (
      <Alert color="red" variant="light" role="alert" maw={560} mx="auto" mt="xl">
        <Group justify="space-between">
          <Text size="sm">{t('error')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void profile.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const owner = profile.data?._id;
  const main = (
    <Stack gap="lg" style={{ flex: 1, minWidth: 0 }} maw={MAIN_COLUMN_WIDTH}>
      {profile.data ? (
        <ProfileHeader profile={profile.data} myId={me._id} onEdit={() => setEditing(true)} />
      ) : (
        <HeaderSkeleton />
      )}
      {isOwn && <NameHiddenNotice me={me} />}
      {isOwn && <ViolationNotice me={me} />}
      {owner && <ProfileTabs userId={owner} isOwn={isOwn} />}
    </Stack>
  );
  const side = (
    <Stack gap="md" component="aside" w={isDesktop ? SIDE_WIDTH : '100%'} style={{ flexShrink: 0 }}>
      {isOwn && <ActivityPanel />}
      {owner && <RecentOutputsCard userId={owner} />}
      {owner && <RecentSessionCard userId={owner} />}
    </Stack>
  );
  return (
    <>
      {isDesktop ? (
        <Group align="flex-start" gap={24} maw={WRAPPER_WIDTH} mx="auto" w="100%" wrap="nowrap">
          {main}
          {side}
        </Group>
      ) : (
        <Stack gap="xl" w="100%">
          {main}
          {side}
        </Stack>
      )}
      {isOwn && <EditProfileModal me={me} opened={editing} onClose={() => setEditing(false)} />}
    </>
  );
}

function WithMe({ children }: { children: (me: Me) => React.ReactNode }) {
  const me = useMe();
  if (!me.data)
    return (
      <Box py="xl">
        <HeaderSkeleton />
      </Box>
    );
  return <>{children(me.data)}</>;
}

/** /mypage: the signed-in user's own profile. */
export function MyPage() {
  return <WithMe>{(me) => <ProfileView userId={me._id} me={me} />}</WithMe>;
}

/** /user/{id}: anyone's profile the viewer may see (row id or account name); 404 otherwise. */
export function UserPage() {
  const { userId } = useParams();
  if (!userId) return <NotFoundView />;
  return <WithMe>{(me) => <ProfileView userId={userId} me={me} />}</WithMe>;
}
