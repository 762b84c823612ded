import { Anchor, Avatar, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActivityTab, ProfileActivity } from '@/contracts/api/profile';
import { toLang } from '@/contracts/user-entities';
import { localizeSession } from '@/features/sessions';
import { useRelativeTime, type RelativeTimeText } from '@/lib/use-relative-time';
import { useMyActivities } from './api/profile-lists';
import { ListSkeleton } from './list-states';
import { usePersonName } from '@/lib/person-name';

function ActivityItem({ item, when }: { item: ProfileActivity; when: RelativeTimeText }) {
  const { t, i18n } = useTranslation('profile');
  const lang = toLang(i18n.language, 'ja');
  const names = usePersonName();
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <Anchor
        c="cyan.9"
        component={Link}
        to={`/user/${encodeURIComponent(item.user._id)}`}
        aria-label={names.label(item.user.displayName)}
      >
        <Avatar src={item.user.image} alt="" size={32} radius="xl" color="teal">
          {item.user.displayName.slice(0, 1) || null}
        </Avatar>
      </Anchor>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm">
          {t(`activity.${item.type}`, { name: names.inSentence(item.user.displayName) })}
        </Text>
        {item.text && (
          <Text size="xs" c="gray.7" lineClamp={2}>
            {item.text}
          </Text>
        )}
        <Group gap="xs">
          {item.session && (
            <Anchor
              c="cyan.9"
              component={Link}
              to={`/session/${encodeURIComponent(item.session.id)}`}
              size="xs"
            >
              {localizeSession(item.session, lang).title}
            </Anchor>
          )}
          <Text size="xs" c="gray.7" component="time" dateTime={when.dateTime} title={when.title}>
            {when.text}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}

function ActivityList({ tab }: { tab: ActivityTab }) {
  const { t } = useTranslation('profile');
  const relative = useRelativeTime();
  const query = useMyActivities(tab);
  if (query.isPending) return <ListSkeleton height={48} />;
  if (query.isError) {
    return (
      <Text size="sm" c="red" role="alert">
        {t('listError')}
      </Text>
    );
  }
  if (query.data.length === 0) {
    return (
      <Stack gap={4} py="md" ta="center">
        <Text size="sm" fw={600}>
          {t(`activity.empty.${tab}.text`)}
        </Text>
        <Text size="xs" c="gray.7">
          {t(`activity.empty.${tab}.instruction`)}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.map((item) => (
        <ActivityItem key={item.id} item={item} when={relative(item.createdAt)} />
      ))}
    </Stack>
  );
}

/** The activity panel of the own profile: 'to me' and 'nationwide'. */
export function ActivityPanel() {
  const { t } = useTranslation('profile');
  const [tab, setTab] = useState<ActivityTab>('toMe');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="activity-title">
      <Title order={2} size="h5" id="activity-title" mb="xs">
        {t('activity.title')}
      </Title>
      <Tabs value={tab} onChange={(v) => v && setTab(v as ActivityTab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="toMe">{t('activity.toMe')}</Tabs.Tab>
          <Tabs.Tab value="nationwide">{t('activity.nationwide')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="toMe" pt="sm">
          <ActivityList tab="toMe" />
        </Tabs.Panel>
        <Tabs.Panel value="nationwide" pt="sm">
          <ActivityList tab="nationwide" />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
