import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteDownload, listDownloads } from './download-store';
import { PaneFrame } from './settings-page';
import { megabytes } from './settings-menu';

const downloadsKey = ['settings', 'downloads'] as const;

/** /setting/download (staff roles): the files kept on this device for offline viewing. */
export function DownloadPane() {
  const { t } = useTranslation('setting');
  const queryClient = useQueryClient();
  const downloads = useQuery({ queryKey: downloadsKey, queryFn: () => listDownloads() });
  const remove = useMutation({
    mutationFn: async (keys: IDBValidKey[]) => {
      for (const key of keys) await deleteDownload(key);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadsKey }),
  });

  let body;
  if (downloads.isPending) body = <Loader size="sm" />;
  else if (downloads.isError)
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('download.loadFailed')}
      </Alert>
    );
  else {
    const { files, invalid } = downloads.data;
    body = (
      <Stack gap="md">
        {invalid.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            // The alert's own yellow title colour is too pale to read on its background.
            title={
              <Text component="span" fw={700} size="sm" c="gray.9">
                {t('download.invalidTitle')}
              </Text>
            }
          >
            <Stack gap="xs">
              <Text size="sm">{t('download.invalidMessage', { count: invalid.length })}</Text>
              <Text size="sm">{t('download.invalidRemove')}</Text>
              <Group>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(invalid)}
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
                key={String(file.key)}
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
