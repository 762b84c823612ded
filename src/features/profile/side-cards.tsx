import { AspectRatio, Box, Card, Image, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { imageSrcSet } from '@/contracts/media';
import { useTranslation } from 'react-i18next';
import { RECENT_OUTPUTS } from '@/contracts/constants';
import { SessionCard } from '@/features/sessions';
import { useUserOutputs, useUserSessions } from './api/profile-lists';
import { recentSlots } from './profile-view-rules';

/** Recent outputs: up to 4 in a 4-slot grid; empty slots stay as blank tiles. */
export function RecentOutputsCard({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const outputs = useUserOutputs(userId);
  const slots = recentSlots(outputs.data ?? [], RECENT_OUTPUTS);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="recent-outputs">
      <Title order={2} size="h5" id="recent-outputs" mb="xs">
        {t('recentOutputs.title')}
      </Title>
      <SimpleGrid cols={2} spacing="xs" data-testid="recent-outputs-grid">
        {slots.map((o, i) =>
          outputs.isPending ? (
            <Skeleton key={i} radius="sm" style={{ aspectRatio: '4 / 3' }} />
          ) : (
            <AspectRatio key={o?.id ?? `empty-${i}`} ratio={4 / 3}>
              {o ? (
                o.images[0] ? (
                  <Image
                    src={o.images[0]}
                    srcSet={imageSrcSet(o.images[0])}
                    sizes="160px"
                    alt={o.description.slice(0, 40)}
                    radius="sm"
                    fit="cover"
                  />
                ) : (
                  <Box bg="gray.1" p={6} style={{ borderRadius: 4, overflow: 'hidden' }}>
                    <Text size="xs" lineClamp={4}>
                      {o.description}
                    </Text>
                  </Box>
                )
              ) : (
                <Box
                  bg="gray.0"
                  style={{ borderRadius: 4, border: '1px dashed var(--mantine-color-gray-3)' }}
                />
              )}
            </AspectRatio>
          ),
        )}
      </SimpleGrid>
      {!outputs.isPending && (outputs.data?.length ?? 0) === 0 && (
        <Text size="xs" c="gray.7" mt="xs">
          {t('recentOutputs.empty')}
        </Text>
      )}
    </Card>
  );
}

/** The session the user joined most recently. */
export function RecentSessionCard({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const sessions = useUserSessions(userId);
  const latest = sessions.data?.[0];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="recent-session">
      <Title order={2} size="h5" id="recent-session" mb="xs">
        {t('recentSession.title')}
      </Title>
      {sessions.isPending ? (
        <Skeleton h={140} radius="sm" />
      ) : latest ? (
        <SessionCard session={latest} showEmotions={false} width={260} />
      ) : (
        <Text size="xs" c="gray.7">
          {t('recentSession.empty')}
        </Text>
      )}
    </Card>
  );
}
