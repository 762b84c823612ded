import { Alert, Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MyUnitOutputsResponse } from '@/contracts/api/catalogue';
import { OutputListResponse } from '@/contracts/api/outputs';
import { apiClient } from '@/lib/api-client';
import {
  hidesImage,
  NO_IMAGE_URL,
  outputViolationKind,
  type ViolationKind,
} from './violation-kind';

interface Notice {
  id: string;
  kind: ViolationKind;
  title: string;
  image: string | null;
  href: string | null;
}

/**
 * The caller's own flagged outputs and project slides, read at once from GET
 * /v1/me/outputs?isViolated=true and GET /v1/me/unitOutputs?isViolated=true, so a pupil sees why a
 * post is hidden without waiting for the next day's notification. Nothing shows when none is.
 */
export function ViolationNotices() {
  const { t } = useTranslation('home');
  const notices = useQuery({
    queryKey: ['me', 'violations'],
    queryFn: async (): Promise<Notice[]> => {
      const [outputs, units] = await Promise.all([
        apiClient.request(OutputListResponse, {
          url: '/v1/me/outputs',
          params: { isViolated: true, withSession: true },
        }),
        apiClient.request(MyUnitOutputsResponse, {
          url: '/v1/me/unitOutputs',
          params: { isViolated: true },
        }),
      ]);
      const out: Notice[] = [];
      for (const o of outputs.items) {
        const kind = outputViolationKind(o.violationStatuses);
        if (!kind) continue;
        out.push({
          id: o.id,
          kind,
          title: o.session?.title ?? '',
          image: hidesImage(kind) ? NO_IMAGE_URL : (o.images[0] ?? null),
          href: `/session/${encodeURIComponent(o.sessionId)}`,
        });
      }
      for (const u of units.items)
        out.push({ id: u.id, kind: 'unitOutput', title: u.projectName, image: null, href: null });
      return out;
    },
    staleTime: 60_000,
  });
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <Alert color="orange" variant="light" title={t('violations.title')} role="region">
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {notices.data.map((n) => (
          <Group key={n.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
            {n.image && (
              <Image
                src={n.image}
                w={64}
                h={36}
                radius="sm"
                fit="cover"
                alt={hidesImage(n.kind) ? t('violations.noImage') : ''}
              />
            )}
            <Stack gap={2}>
              <Text size="sm">
                {t(`violations.${n.kind}`)}{' '}
                <Anchor component={Link} to="/policy" size="sm">
                  {t('violations.policy')}
                </Anchor>
              </Text>
              {n.title &&
                (n.href ? (
                  <Anchor component={Link} to={n.href} size="xs">
                    {n.title}
                  </Anchor>
                ) : (
                  <Text size="xs" c="gray.7">
                    {n.title}
                  </Text>
                ))}
            </Stack>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
