import { ActionIcon, Avatar, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT } from '@/contracts/constants';
import { usePermission } from '@/features/auth';
import { follow, unfollow, useFollowList } from './api/follows';
import type { ProfileData } from './api/get-profile';
import { usePersonName } from '@/lib/person-name';
import { PROFILE_KEY } from './api/get-profile';

/** Avatar sizes from the spec: 56 px on mobile, 64 px on desktop. */
const AVATAR_MOBILE = 56;
const AVATAR_DESKTOP = 64;

function PencilIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M4 20h4L18.5 9.5a2.1 2.1 0 0 0-3-3L5 17v3z M13.5 7.5l3 3"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Count({
  label,
  value,
  compact,
}: {
  label: string;
  value: number | undefined;
  compact: boolean;
}) {
  return (
    <Stack gap={0} align="center" component="li">
      {value === undefined ? (
        <Skeleton h={22} w={24} />
      ) : (
        <Text fw={700} size="lg" lh={1.2}>
          {value}
        </Text>
      )}
      <Text size={compact ? '11px' : 'xs'} c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Avatar, display name, the edit pencil (only with the changeProfile permission, own profile),
 * counts of outputs, feedback and published reflections, followers and follows, and on another
 * user's profile the follow button.
 */
export function ProfileHeader({
  profile,
  myId,
  onEdit,
}: {
  profile: ProfileData;
  myId: string;
  onEdit: () => void;
}) {
  const { t } = useTranslation('profile');
  const names = usePersonName();
  const isDesktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`, true);
  const isOwn = profile._id === myId;
  const changeProfile = usePermission('changeProfile', { enabled: isOwn });
  const followPermission = usePermission('follow', { enabled: !isOwn });
  // The counts come with the profile; a list is loaded only where the page needs more than its
  // length: the followers of another user, for the follow button (issue 10).
  const countsKnown =
    profile.counts.followers !== undefined && profile.counts.follows !== undefined;
  const followers = useFollowList(profile._id, 'followers', isOwn, !isOwn || !countsKnown);
  const follows = useFollowList(profile._id, 'follows', isOwn, !countsKnown);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const isFollowing = followers.data?.some((u) => u._id === myId) ?? false;

  const toggleFollow = async () => {
    setBusy(true);
    // Failures are swallowed (spec): the button simply stays as it was.
    const ok = isFollowing ? await unfollow(profile._id) : await follow(profile._id);
    // Every profile: this one's followers and the viewer's own follows both changed, and a
    // profile opened by account name is cached under that name, not under its _id.
    if (ok) await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    setBusy(false);
  };

  const counts = (
    // On a phone the five counts share the row with at least 4 px between them and wrap rather
    // than push the page sideways at 360 px (issue 9, item 13).
    <Group
      gap={isDesktop ? 'lg' : 4}
      justify={isDesktop ? 'flex-start' : 'space-between'}
      wrap={isDesktop ? 'nowrap' : 'wrap'}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('counts.label')}
    >
      <Count label={t('counts.outputs')} value={profile.counts.outputs} compact={!isDesktop} />
      <Count label={t('counts.feedbacks')} value={profile.counts.feedbacks} compact={!isDesktop} />
      <Count
        label={t('counts.reflections')}
        value={profile.counts.reflections}
        compact={!isDesktop}
      />
      <Count
        label={t('counts.followers')}
        value={profile.counts.followers ?? followers.data?.length}
        compact={!isDesktop}
      />
      <Count
        label={t('counts.follows')}
        value={profile.counts.follows ?? follows.data?.length}
        compact={!isDesktop}
      />
    </Group>
  );

  return (
    <Stack gap="sm" component="header">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={profile.image}
          alt={t('avatarAlt', { name: names.inSentence(profile.displayName) })}
          size={isDesktop ? AVATAR_DESKTOP : AVATAR_MOBILE}
          radius="xl"
          color="teal"
          data-testid="profile-avatar"
        >
          {profile.displayName.slice(0, 1) || null}
        </Avatar>
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {names.label(profile.displayName)}
            </Title>
            {isOwn && changeProfile.isPermitted && (
              <ActionIcon variant="subtle" color="gray" onClick={onEdit} aria-label={t('edit')}>
                <PencilIcon />
              </ActionIcon>
            )}
          </Group>
          {isDesktop && counts}
        </Stack>
        {!isOwn && followPermission.isPermitted && followers.data && (
          <Button
            variant={isFollowing ? 'light' : 'filled'}
            onClick={() => void toggleFollow()}
            loading={busy}
            aria-pressed={isFollowing}
            title={isFollowing ? t('follow.unfollow') : undefined}
          >
            {isFollowing ? t('follow.following') : t('follow.follow')}
          </Button>
        )}
      </Group>
      {!isDesktop && counts}
    </Stack>
  );
}
