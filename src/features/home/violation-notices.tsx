import { Alert, Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PartError } from '@/features/page-status';
import { violationsQuery } from './api/violations';
import { hidesImage } from './violation-kind';

/**
 * The caller's own flagged outputs and project slides, read at once from GET
 * /v1/me/outputs?isViolated=true and GET /v1/me/unitOutputs?isViolated=true, so a pupil sees why a
 * post is hidden without waiting for the next day's notification. Nothing shows when none is; a
 * read that failed says so in one line with a retry.
 */
export function ViolationNotices() {
  const { t } = useTranslation('home');
  const notices = useQuery(violationsQuery());
  if (notices.isError && !notices.data)
    return <PartError name={t('parts.violations')} onRetry={() => void notices.refetch()} />;
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
