import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAME_COMMENT_MESSAGE, type FeedbackView } from '@/contracts/api/feedback';
import { COMMENT_MAX, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { Output } from '@/contracts/entities';
import { isApiError } from '@/lib/api-errors';
import { postFeedback } from './api/feedback-api';
import { commentError, type CommentError } from './comment-rules';

/**
 * The comment input under the feedback list (max 400). Empty, over-limit and same-as-previous
 * comments are refused with a 2-second toast; without submitFeedback the input is disabled and
 * its placeholder says so.
 */
export function CommentInput({
  output,
  userId,
  permitted,
  previousOwn,
  onPosted,
}: {
  output: Pick<Output, 'id' | 'sessionId' | 'workId'>;
  userId: string;
  permitted: boolean;
  previousOwn: string | null;
  onPosted(item: FeedbackView): void;
}) {
  const { t } = useTranslation('feedback');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // The last feedback sent is waiting for a teacher's review (issue 8): said gently, not as an error.
  const [held, setHeld] = useState(false);
  const remaining = COMMENT_MAX - [...text].length;

  const toast = (error: CommentError | 'failed') =>
    notifications.show({
      color: error === 'failed' ? 'red' : 'orange',
      message: t(`errors.${error}`),
      autoClose: TOAST_AUTO_CLOSE_MS,
    });

  const submit = async () => {
    const error = commentError(text, previousOwn);
    if (error) {
      toast(error);
      return;
    }
    setBusy(true);
    try {
      const item = await postFeedback({
        outputId: output.id,
        sessionId: output.sessionId,
        workId: output.workId,
        userId,
        content: text,
      });
      setText('');
      setHeld(item.awaitingApproval);
      onPosted(item);
    } catch (e) {
      // Kept for a teacher (issue 26): the layout's caring dialog says so; no error toast.
      if (isApiError(e) && e.code === 'concernRaised') return;
      if (isApiError(e) && e.code === 'conflict' && e.message === SAME_COMMENT_MESSAGE)
        toast('same');
      else if (
        isApiError(e) &&
        e.code === 'badRequest' &&
        e.fields.some((f) => f.message === 'empty')
      )
        toast('empty');
      else toast('failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      {held && (
        <Alert color="blue" variant="light" role="status" data-testid="feedback-held">
          <Text size="sm">{t('screening.held')}</Text>
        </Alert>
      )}
      <Textarea
        label={t('input.label')}
        placeholder={permitted ? t('input.placeholder') : t('input.notAllowed')}
        disabled={!permitted}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c={remaining < 0 ? 'red.8' : 'gray.7'} aria-live="polite">
          {t('input.remaining', { count: remaining })}
        </Text>
        <Button onClick={() => void submit()} disabled={!permitted} loading={busy}>
          {t('input.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
