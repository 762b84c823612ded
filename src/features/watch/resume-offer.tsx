import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resumePoint, resumeStore } from './playback-end';
import { formatPosition } from './sync-state';

const SAVE_EVERY_MS = 5000;

/**
 * Solo archive viewing remembers where the pupil is (every few seconds, in this browser) and, on
 * the next viewing, offers to continue from there (issue 9, item 12). Rooms follow the host.
 */
export function useSoloResume(options: {
  enabled: boolean;
  joined: boolean;
  userId: string;
  sessionId: string;
  position: number;
  duration: number;
}) {
  const { enabled, joined, userId, sessionId, position, duration } = options;
  const [offer] = useState(() =>
    enabled ? resumePoint(resumeStore.read(userId, sessionId), duration) : null,
  );
  const [open, setOpen] = useState(offer !== null);
  const lastSave = useRef(0);
  useEffect(() => {
    if (!enabled || !joined || open) return;
    const now = Date.now();
    if (now - lastSave.current < SAVE_EVERY_MS) return;
    lastSave.current = now;
    resumeStore.write(userId, sessionId, position);
  }, [enabled, joined, open, userId, sessionId, position]);
  return { offer: open && joined ? offer : null, close: () => setOpen(false) };
}

export function ResumeOffer({
  at,
  onContinue,
  onRestart,
}: {
  at: number;
  onContinue(): void;
  onRestart(): void;
}) {
  const { t } = useTranslation('watch');
  return (
    <Alert color="blue" variant="light" role="status" data-testid="resume-offer">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('resume.offer', { time: formatPosition(at) })}</Text>
        <Group gap="xs">
          <Button size="xs" onClick={onContinue}>
            {t('resume.continue')}
          </Button>
          <Button size="xs" variant="default" onClick={onRestart}>
            {t('resume.restart')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
