import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankText } from '@/contracts/api/feedback';
import { MOBILE_BREAKPOINT, REPORT_TEXT_MAX, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { reportViolation } from './api/feedback-api';

export interface ReportTarget {
  id: string;
  type: 'feedback' | 'output' | 'comment';
}

/**
 * The report modal (fullscreen on mobile): a required reason of at most 300 characters; send is
 * disabled while it is blank. Success opens the report-success modal; failure is a toast.
 */
export function ReportModal({
  target,
  userId,
  onClose,
  onReported,
}: {
  target: ReportTarget | null;
  userId: string;
  onClose(): void;
  onReported?(target: ReportTarget): void;
}) {
  const { t } = useTranslation('feedback');
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`, false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const remaining = REPORT_TEXT_MAX - [...text].length;
  const invalid = isBlankText(text) || remaining < 0;

  const close = () => {
    setText('');
    setDone(false);
    onClose();
  };

  const submit = async () => {
    if (!target || invalid) return;
    setBusy(true);
    try {
      await reportViolation({ content: text.trim(), id: target.id, type: target.type, userId });
      setDone(true);
      onReported?.(target);
    } catch {
      notifications.show({
        color: 'red',
        message: t('report.failed'),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        opened={target !== null && !done}
        onClose={close}
        title={t('report.title')}
        fullScreen={isMobile}
        centered
        zIndex={400}
        closeButtonProps={{ 'aria-label': t('report.cancel') }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('report.label')}
            placeholder={t('report.placeholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={4}
            required
            data-autofocus
            error={remaining < 0 ? t('errors.over') : undefined}
            description={t('input.remaining', { count: remaining })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('report.cancel')}
            </Button>
            <Button color="red" onClick={() => void submit()} disabled={invalid} loading={busy}>
              {t('report.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={target !== null && done}
        onClose={close}
        title={t('report.successTitle')}
        centered
        zIndex={400}
        closeButtonProps={{ 'aria-label': t('report.close') }}
      >
        <Stack gap="md">
          <Text>{t('report.successMessage')}</Text>
          <Group justify="flex-end">
            <Button onClick={close}>{t('report.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
