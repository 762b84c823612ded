import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteDownload, downloads, listDownloads, sessionFingerprint } from '@/features/downloads';
import { fetchSession } from '@/features/sessions/queries';
import { isApiError } from '@/lib/api-errors';
import { PaneFrame } from './settings-page';
import { megabytes } from './settings-menu';

const downloadsKey = ['settings', 'downloads'] as const;

/**
 * The session as the server has it now, to tell a download whose session changed; null when
 * that cannot be known (offline, server error). A session that is gone counts as changed.
 */
async function currentFingerprint(sessionId: string): Promise<string | null> {
  if (!navigator.onLine) return null;
  try {
    const item = await fetchSession(sessionId);
    return item ? sessionFingerprint(item) : 'gone';
  } catch (error) {
    if (isApiError(error) && error.status === 403) return 'gone';
    return null;
  }
}

/** /setting/download (staff roles): the files kept on this device for offline viewing. */
export function DownloadPane() {
  const { t } = useTranslation('setting');
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: downloadsKey,
    queryFn: () => listDownloads(undefined, currentFingerprint),
    // The device's storage, not the server's: read afresh whenever the pane opens.
    staleTime: 0,
    gcTime: 0,
  });
  const remove = useMutation({
    mutationFn: async (keys: IDBValidKey[]) => {
      for (const key of keys) await deleteDownload(key);
    },
    onSettled: async () => {
      await downloads.refreshSaved();
      await queryClient.invalidateQueries({ queryKey: downloadsKey });
    },
  });

  let body;
  if (list.isPending) body = <Loader size="sm" aria-label={t('download.loading')} />;
  else if (list.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('download.loadFailed')}
      </Alert>
    );
  else {
    const { files, invalid } = list.data;
    body = (
      <Stack gap="md">
        {invalid.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            data-testid="invalid-downloads"
            // The alert's own yellow title colour is too pale to read on its background.
            title={
              <Text component="span" fw={700} size="sm" c="gray.9">
                {t('download.invalidTitle')}
              </Text>
            }
          >
            <Stack gap="xs">
              <Text size="sm">{t('download.invalidMessage', { count: invalid.length })}</Text>
              <List size="sm">
                {invalid.map((file) => (
                  <List.Item key={String(file.key)}>
                    {file.title ?? t('download.untitled')} —{' '}
                    {t(`download.invalidReason.${file.reason}`)}
                  </List.Item>
                ))}
              </List>
              <Text size="sm">{t('download.invalidRemove')}</Text>
              <Group>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(invalid.map((f) => f.key))}
                >
                  {t('download.invalidDelete')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {files.length === 0 ? (
          <Text c="gray.7">{t('download.empty')}</Text>
        ) : (
          <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
            {files.map((file) => (
              <Group
                component="li"
                key={file.key}
                data-testid="downloaded-file"
                justify="space-between"
                py="sm"
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={500} truncate>
                    {file.title}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {t(`download.lang.${file.lang}`)} ·{' '}
                    {t('download.size', { size: megabytes(file.sizeBytes).toFixed(1) })}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={t('download.deleteLabel', { title: file.title })}
                  loading={remove.isPending && remove.variables.includes(file.key)}
                  onClick={() => remove.mutate([file.key])}
                >
                  {t('download.delete')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }
  return <PaneFrame title={t('download.title')}>{body}</PaneFrame>;
}
