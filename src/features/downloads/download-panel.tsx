import {
  ActionIcon,
  Anchor,
  Button,
  CloseButton,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DOWNLOAD_BOX_WIDTH } from '@/contracts/constants';
import { useLazyNamespace } from '@/lib/use-lazy-namespace';
import { downloads, type DownloadErrorKind, type DownloadItem } from './manager';
import { useDownloadItems } from './use-downloads';

const ERROR_KEY = {
  network: 'networkError',
  storage: 'storageError',
  other: 'other',
} as const satisfies Record<DownloadErrorKind, string>;

/**
 * The download panel (spec: fixed box at bottom right, 360 wide): the downloads of this visit with
 * their progress; it collapses to its title bar or closes (asking first when a download is still
 * running). Each item can be cancelled (asking first) or, once finished, taken off the list; a
 * failed one shows a message that opens the error dialog.
 */
export function DownloadPanel() {
  return useLazyNamespace('downloads') ? <Panel /> : null;
}

function Panel() {
  const { t } = useTranslation('downloads');
  const items = useDownloadItems().filter((i) => i.status !== 'inactive');
  const [collapsed, setCollapsed] = useState(false);
  const [cancelling, setCancelling] = useState<DownloadItem | null>(null);
  const [closing, setClosing] = useState(false);
  const [failure, setFailure] = useState<DownloadItem | null>(null);

  const close = () => {
    if (downloads.hasInProgress()) setClosing(true);
    else downloads.closeAll();
  };

  const dialogs = (
    <>
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('cancelDialog.title')}
        centered
      >
        <Text size="sm">{t('cancelDialog.message', { title: cancelling?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="default" onClick={() => setCancelling(null)} data-autofocus>
            {t('cancelDialog.keep')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (cancelling) void downloads.cancel(cancelling.id);
              setCancelling(null);
            }}
          >
            {t('cancelDialog.confirm')}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={closing}
        onClose={() => setClosing(false)}
        title={t('closeDialog.title')}
        centered
      >
        <Text size="sm">{t('closeDialog.message')}</Text>
        <Group justify="flex-end" mt="md" gap="sm">
          <Button variant="default" onClick={() => setClosing(false)} data-autofocus>
            {t('closeDialog.keep')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              downloads.closeAll();
              setClosing(false);
            }}
          >
            {t('closeDialog.confirm')}
          </Button>
        </Group>
      </Modal>
      <Modal
        opened={failure !== null}
        onClose={() => setFailure(null)}
        title={failure?.error ? t(`error.${ERROR_KEY[failure.error]}.title`) : ''}
        centered
      >
        <Stack gap="sm" data-testid="download-error-dialog" data-kind={failure?.error ?? ''}>
          <Text size="sm">
            {failure?.error ? t(`error.${ERROR_KEY[failure.error]}.message`) : ''}
          </Text>
          {failure?.error === 'storage' && (
            <Anchor
              component={Link}
              to="/setting/download"
              size="sm"
              onClick={() => setFailure(null)}
            >
              {t('error.settings')}
            </Anchor>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFailure(null)} data-autofocus>
              {t('error.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );

  if (items.length === 0) return dialogs;
  return (
    <>
      <Paper
        component="section"
        aria-label={t('panel.region')}
        data-testid="download-panel"
        shadow="md"
        withBorder
        radius="md"
        // In the shell's bottom dock (fixed at the bottom): pushed to the right, 16 px in.
        ml="auto"
        mr={16}
        mb={16}
        w={DOWNLOAD_BOX_WIDTH}
        maw="calc(100vw - 32px)"
        style={{ pointerEvents: 'auto' }}
      >
        <Group justify="space-between" px="sm" py={6} wrap="nowrap">
          <Text fw={700} size="sm" component="h2" m={0}>
            {t('panel.title')} ({items.length})
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={collapsed ? t('panel.expand') : t('panel.collapse')}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((c) => !c)}
            >
              <span aria-hidden>{collapsed ? '▴' : '▾'}</span>
            </ActionIcon>
            <CloseButton aria-label={t('panel.close')} onClick={close} />
          </Group>
        </Group>
        {!collapsed && (
          <Stack
            component="ul"
            gap={0}
            m={0}
            p={0}
            mah={280}
            style={{ listStyle: 'none', overflowY: 'auto' }}
          >
            {items.map((item) => (
              <PanelItem
                key={item.id}
                item={item}
                onCancel={() => setCancelling(item)}
                onError={() => setFailure(item)}
              />
            ))}
          </Stack>
        )}
      </Paper>
      {dialogs}
    </>
  );
}

function PanelItem({
  item,
  onCancel,
  onError,
}: {
  item: DownloadItem;
  onCancel(): void;
  onError(): void;
}) {
  const { t } = useTranslation('downloads');
  const color = item.status === 'failed' ? 'red' : item.status === 'complete' ? 'teal' : 'cyan';
  return (
    <Stack
      component="li"
      gap={4}
      px="sm"
      py="xs"
      data-testid="download-item"
      data-status={item.status}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      {/* The title gives way (truncated) so the button always fits, even at 360 px (issue 30). */}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }}>
          {item.title}
          <Text span size="xs" c="gray.7" ml={6}>
            {t(`lang.${item.lang}`)}
          </Text>
        </Text>
        {item.status === 'inprogress' ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={t('panel.cancelLabel', { title: item.title })}
            onClick={onCancel}
            style={{ flexShrink: 0 }}
          >
            {t('panel.cancel')}
          </Button>
        ) : (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            aria-label={t('panel.removeLabel', { title: item.title })}
            onClick={() => downloads.dismiss(item.id)}
            style={{ flexShrink: 0 }}
          >
            {t('panel.remove')}
          </Button>
        )}
      </Group>
      <Progress
        value={item.progress}
        color={color}
        size="sm"
        aria-label={t('panel.progressLabel', { title: item.title })}
      />
      {item.status === 'failed' ? (
        <UnstyledButton onClick={onError} data-testid="download-failed-message">
          <Text size="xs" c="red.8" td="underline">
            {t('panel.failed')}
          </Text>
        </UnstyledButton>
      ) : (
        <Text size="xs" c="gray.7" data-testid="download-progress">
          {item.status === 'complete'
            ? t('panel.complete')
            : t('panel.inprogress', { progress: item.progress })}
        </Text>
      )}
    </Stack>
  );
}
