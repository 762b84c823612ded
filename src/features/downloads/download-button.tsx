import { Button, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lang, Session } from '@/contracts/entities';
import { useLazyNamespace } from '@/lib/use-lazy-namespace';
import { downloads } from './manager';
import { downloadKey } from '@/lib/downloads/records';
import { useDownloadItems, useSavedDownloads } from './use-downloads';

/**
 * Downloads a session's archive in one language for offline viewing (issue 13). Shown to staff
 * roles only (the caller checks): members cannot open /setting/download to manage the files.
 */
export function DownloadButton(props: { session: Session; lang: Lang }) {
  return useLazyNamespace('downloads') ? <Download {...props} /> : null;
}

function Download({ session, lang }: { session: Session; lang: Lang }) {
  const { t } = useTranslation('downloads');
  const id = downloadKey(session.id, lang);
  const item = useDownloadItems().find((i) => i.id === id);
  const saved = useSavedDownloads().has(id);
  const langName = t(`lang.${lang}`);
  if (item?.status === 'inprogress') {
    return (
      <Button size="xs" variant="light" loading={false} disabled data-testid="download-button">
        {t('button.inprogress', { progress: item.progress })}
      </Button>
    );
  }
  if (saved) {
    return (
      <Button size="xs" variant="light" color="teal" disabled data-testid="download-button">
        {t('button.done', { lang: langName })}
      </Button>
    );
  }
  return (
    <Tooltip label={t('button.hint')} multiline w={260} openDelay={300}>
      <Button
        size="xs"
        variant="light"
        data-testid="download-button"
        onClick={() => downloads.start(session, lang)}
      >
        {t('button.download', { lang: langName })}
      </Button>
    </Tooltip>
  );
}
