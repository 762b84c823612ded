import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageTitle } from '@/lib/page-title';

/**
 * A full-width message with a way back home (or, with `onRetry`, a button that tries again
 * first); it also becomes the browser title.
 */
export function PageMessage({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: string | undefined;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center">
      <Title order={1} size="h2">
        {title}
      </Title>
      {detail && <Text c="dimmed">{detail}</Text>}
      {onRetry && <Button onClick={onRetry}>{t('error.reload')}</Button>}
      <Button component={Link} to="/" variant="light">
        {t('error.backHome')}
      </Button>
    </Stack>
  );
}

/** The spec's 'Page not found', for a route that exists but whose subject does not (or is hidden). */
export function NotFoundView() {
  const { t } = useTranslation();
  return <PageMessage title={t('error.notFound')} />;
}
