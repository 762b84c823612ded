import { Alert, Button, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page or list loading: a centred spinner, announced as loading. */
export function PageLoader({ py = 64 }: { py?: number }) {
  const { t } = useTranslation();
  return (
    <Center py={py}>
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** A page or list that failed to load: what failed, and a button that tries again. */
export function LoadError({ title, onRetry }: { title: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Button variant="light" color="red" size="xs" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </Alert>
  );
}
