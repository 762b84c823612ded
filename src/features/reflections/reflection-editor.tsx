import { Alert, Button, Group, Loader, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFLECTION_NOTE_MAX, type ProfileReflection } from '@/contracts/api/profile';
import { REFLECTION_SCORE_MAX, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import {
  createReflection,
  reflectionsKey,
  updateReflection,
  useMyReflection,
  useReflectionSettings,
  type ReflectionDraft,
} from './api/reflections';
import {
  NOTE_KEYS,
  canSaveReflection,
  draftOf,
  hasSomeText,
  isNoteTooLong,
} from './reflection-rules';
import {
  draftOfUnsent,
  dropUnsentReflection,
  keepUnsentReflection,
  readUnsentReflection,
  unsentReflectionKey,
} from './unsent-reflection';
import { PROFILE_KEY } from '@/features/profile/queries';

const sameDraft = (a: ReflectionDraft, b: ReflectionDraft) =>
  NOTE_KEYS.every((k) => a[k] === b[k]) && a.score === b.score && a.status === b.status;

export interface ReflectionEditorProps {
  sessionId: string;
  /** The reflection being edited; when omitted the editor loads the own one for the session. */
  reflection?: ProfileReflection | null;
  onSaved?: (reflection: ProfileReflection) => void;
  onCancel?: () => void;
}

/**
 * The idea / think / action notes of one session, with the session's placeholders. Creates the
 * reflection on first save and updates it afterwards; "publish" lets the school read it. What is
 * typed is kept on this device until the server has it (unsent-reflection.ts): a failed save
 * keeps the text in the fields and on the device, and offers to try again (issue 24).
 */
export function ReflectionEditor({
  sessionId,
  reflection,
  onSaved,
  onCancel,
}: ReflectionEditorProps) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const me = useMe();
  const own = useMyReflection(sessionId, reflection === undefined);
  const settings = useReflectionSettings(sessionId);
  const existing = reflection === undefined ? own.data : reflection;
  const [draft, setDraft] = useState<ReflectionDraft>(() => draftOf(existing));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const storeKey = me.data ? unsentReflectionKey(me.data._id, sessionId) : null;

  // The own reflection arrives after the first render when it was loaded here; a copy kept on
  // this device that the server has not got wins over it (nothing typed is lost).
  const loadedId = existing?.id ?? null;
  useEffect(() => {
    const server = draftOf(existing);
    const kept = storeKey ? readUnsentReflection(storeKey) : null;
    if (kept && !sameDraft(draftOfUnsent(kept), server)) {
      setDraft(draftOfUnsent(kept));
      setRestored(true);
    } else {
      setDraft(server);
      if (kept && storeKey) dropUnsentReflection(storeKey);
    }
    // Only when a different reflection arrives, not on every refetch of the same one.
  }, [loadedId, storeKey]);

  if (reflection === undefined && own.isPending)
    return <Loader size="sm" aria-label={t('reflection.loading')} />;
  if (reflection === undefined && own.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('reflection.loadFailed')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void own.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const change = (next: (d: ReflectionDraft) => ReflectionDraft) => {
    setDraft((d) => {
      const updated = next(d);
      if (storeKey) keepUnsentReflection(storeKey, updated);
      return updated;
    });
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = existing
        ? await updateReflection(existing.id, draft)
        : await createReflection(sessionId, draft);
      if (storeKey) dropUnsentReflection(storeKey);
      setRestored(false);
      await queryClient.invalidateQueries({ queryKey: reflectionsKey });
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      // Held by the screening (issue 8): saved, but a teacher reads it before others can.
      const held = saved.status === 'pending';
      notifications.show({
        message: held ? t('screening.reflectionHeld') : t('reflection.saved'),
        color: held ? 'blue' : undefined,
        autoClose: held ? TOAST_AUTO_CLOSE_MS * 3 : TOAST_AUTO_CLOSE_MS,
      });
      onSaved?.(saved);
    } catch (e) {
      // The text stays in the editor and on this device; the alert offers to try again.
      if (isApiError(e) && e.code === 'network') setError(t('errorMessage.offline'));
      else if (isApiError(e) && e.code === 'concernRaised') setError(t('errorMessage.concernKept'));
      else if (isApiError(e) && e.status >= 500) setError(t('reflection.saveFailed'));
      else setError(isApiError(e) && e.status > 0 ? e.message : t('errorMessage.default'));
      // Another tab wrote this session's reflection first: load it, so trying again updates it.
      if (isApiError(e) && e.status === 409 && reflection === undefined) void own.refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      {restored && (
        <Alert color="blue" variant="light" data-testid="reflection-restored">
          <Text size="sm">{t('reflection.restored')}</Text>
        </Alert>
      )}
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
              change((d) => ({ ...d, [key]: value }));
            }}
            autoFocus={key === 'ideaNote'}
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
        onChange={(v) => change((d) => ({ ...d, score: v === null ? null : Number(v) }))}
        clearable
        clearButtonProps={{ 'aria-label': t('reflection.clearScore') }}
      />
      <Switch
        checked={draft.status === 'published'}
        onChange={(e) => {
          const published = e.currentTarget.checked;
          change((d) => ({ ...d, status: published ? 'published' : 'draft' }));
        }}
        label={t('reflection.publish')}
        description={t('reflection.publishHint')}
      />
      {draft.status === 'published' && !hasSomeText(draft) && (
        <Text size="sm" c="gray.7" data-testid="reflection-needs-text">
          {t('reflection.needsText')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="reflection-save-error">
          <Stack gap={6}>
            <Text size="sm">{error}</Text>
            <Text size="sm">{t('reflection.keptOnDevice')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              w="fit-content"
              loading={saving}
              disabled={!canSaveReflection(draft, existing)}
              onClick={() => void save()}
            >
              {t('reflection.retry')}
            </Button>
          </Stack>
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
