import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SKELETON_LIST_ITEMS } from '@/contracts/constants';

export type ListKind =
  'outputs' | 'feedbacks' | 'sessions' | 'reflections' | 'words' | 'jobs' | 'challenges' | 'memos';

/** Six placeholders while a list loads. */
export function ListSkeleton({ height = 72 }: { height?: number }) {
  const { t } = useTranslation('profile');
  return (
    <Stack
      gap="sm"
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
      data-testid="list-skeleton"
    >
      {Array.from({ length: SKELETON_LIST_ITEMS }, (_, i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </Stack>
  );
}

/** The empty state: a text, and on the own profile an instruction saying what to do. */
function EmptyState({ kind, showInstruction }: { kind: ListKind; showInstruction: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <Stack gap={4} py="lg" align="center" ta="center">
      <Text fw={600}>{t(`empty.${kind}.text`)}</Text>
      {showInstruction && (
        <Text size="sm" c="gray.7">
          {t(`empty.${kind}.instruction`)}
        </Text>
      )}
    </Stack>
  );
}

/** Loading, error with retry, empty, or the list itself. */
export function ListBody<T>({
  query,
  kind,
  showInstruction,
  skeletonHeight,
  children,
}: {
  query: Pick<UseQueryResult<T[]>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  kind: ListKind;
  showInstruction: boolean;
  skeletonHeight?: number;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('profile');
  if (query.isPending)
    return <ListSkeleton {...(skeletonHeight ? { height: skeletonHeight } : {})} />;
  if (query.isError || !query.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('listError')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (query.data.length === 0) return <EmptyState kind={kind} showInstruction={showInstruction} />;
  return <>{children(query.data)}</>;
}
