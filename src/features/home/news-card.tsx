import { Anchor, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PartError } from '@/features/page-status';
import { formatDate } from '@/lib/time';
import { homeArticlesQuery } from './api/articles';

/**
 * News that staff published (GET /v0/articles): the school's own and the provider's for every
 * school, newest first. Shown only when there is something to read; a read that failed says so
 * in one line with a retry (the rest of home stays, issue 30).
 */
export function NewsCard() {
  const { t } = useTranslation('home');
  const articles = useQuery(homeArticlesQuery());
  if (articles.isError && !articles.data)
    return <PartError name={t('parts.news')} onRetry={() => void articles.refetch()} />;
  if (!articles.data || articles.data.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="home-news">
      <Title order={2} size="h6" id="home-news">
        {t('news.title')}
      </Title>
      <Stack gap="sm" mt="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {articles.data.map((a) => (
          <Stack key={a.id} gap={2} component="li">
            <Text size="xs" c="gray.7">
              {a.publishedAt ? formatDate(a.publishedAt) : ''}
            </Text>
            {a.url ? (
              <Anchor href={a.url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                {a.title}
                <VisuallyHidden> {t('banners.newTab')}</VisuallyHidden>
              </Anchor>
            ) : (
              <Text size="sm" fw={600}>
                {a.title}
              </Text>
            )}
            {a.body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {a.body}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
