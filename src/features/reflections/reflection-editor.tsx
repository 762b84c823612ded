import { Alert, Button, Group, Loader, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFLECTION_NOTE_MAX, type ProfileReflection } from '@/contracts/api/profile';
import { REFLECTION_SCORE_MAX, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isApiError } from '@/lib/api-client';
import {
  createReflection,
  reflectionsKey,
  updateReflection,
  useMyReflection,
  useReflectionSettings,
  type ReflectionDraft,
} from './api/reflections';
import { NOTE_KEYS, canSaveReflection, draftOf, isNoteTooLong } from './reflection-rules';

export interface ReflectionEditorProps {
  sessionId: string;
  /** The reflection being edited; when omitted the editor loads the own one for the session. */
  reflection?: ProfileReflection | null;
  onSaved?: (reflection: ProfileReflection) => void;
  onCancel?: () => void;
}

/**
 * The idea / think / action notes of one session, with the session's placeholders. Creates the
 * reflection on first save and updates it afterwards; "publish" lets the school read it.
 */
export function ReflectionEditor({
  sessionId,
  reflection,
  onSaved,
  onCancel,
}: ReflectionEditorProps) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const own = useMyReflection(sessionId, reflection === undefined);
  const settings = useReflectionSettings(sessionId);
  const existing = reflection === undefined ? own.data : reflection;
  const [draft, setDraft] = useState<ReflectionDraft>(() => draftOf(existing));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The own reflection arrives after the first render when it was loaded here.
  const loadedId = existing?.id ?? null;
  useEffect(() => {
    setDraft(draftOf(existing));
    // Only when a different reflection arrives, not on every refetch of the same one.
  }, [loadedId]);

  if (reflection === undefined && own.isPending)
    return <Loader size="sm" aria-label={t('loading')} />;

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = existing
        ? await updateReflection(existing.id, draft)
        : await createReflection(sessionId, draft);
      await queryClient.invalidateQueries({ queryKey: reflectionsKey });
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      // Held by the screening (issue 8): saved, but a teacher reads it before others can.
      const held = saved.status === 'pending';
      notifications.show({
        message: held ? t('screening.reflectionHeld') : t('reflection.saved'),
        color: held ? 'blue' : undefined,
        autoClose: held ? TOAST_AUTO_CLOSE_MS * 3 : TOAST_AUTO_CLOSE_MS,
      });
      onSaved?.(saved);
    } catch (e) {
      // Offline (issue 13): refused, and said so; the text stays in the editor.
      if (isApiError(e) && e.code === 'network') setError(t('errorMessage.offline'));
      else setError(isApiError(e) && e.status > 0 ? e.message : t('errorMessage.default'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      {NOTE_KEYS.map((key) => {
        const tooLong = isNoteTooLong(draft[key]);
        return (
          <Textarea
            key={key}
            label={t(`reflection.${key}`)}
            placeholder={settings.data?.[key].placeHolder ?? ''}
            value={draft[key]}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, [key]: value }));
            }}
            autosize
            minRows={2}
            maxRows={8}
            error={
              tooLong ? `＊${t('reflection.maxLength', { max: REFLECTION_NOTE_MAX })}` : undefined
            }
          />
        );
      })}
      <Select
        w={200}
        label={t('reflection.score', { max: REFLECTION_SCORE_MAX })}
        placeholder={t('reflection.noScore')}
        data={Array.from({ length: REFLECTION_SCORE_MAX + 1 }, (_, n) => String(n))}
        value={draft.score === null ? null : String(draft.score)}
        onChange={(v) => setDraft((d) => ({ ...d, score: v === null ? null : Number(v) }))}
        clearable
        clearButtonProps={{ 'aria-label': t('reflection.clearScore') }}
      />
      <Switch
        checked={draft.status === 'published'}
        onChange={(e) => {
          const published = e.currentTarget.checked;
          setDraft((d) => ({ ...d, status: published ? 'published' : 'draft' }));
        }}
        label={t('reflection.publish')}
        description={t('reflection.publishHint')}
      />
      {error && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            {t('reflection.cancel')}
          </Button>
        )}
        <Button
          onClick={() => void save()}
          loading={saving}
          disabled={!canSaveReflection(draft, existing)}
        >
          {t('reflection.save')}
        </Button>
      </Group>
    </Stack>
  );
}
