import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STUDIO_MOMENT_TEXT_MAX,
  STUDIO_TEXT_MAX,
  STUDIO_TITLE_MAX,
  type StudioWork,
  type StudioWorkInput,
} from '@/contracts/api/studio';
import { useDeleteWork, useSaveWork } from './api/studio-api';
import { errorMessageKey } from './studio-errors';

const QUESTIONS_MAX = 10;

export interface WorkDraft {
  title: string;
  titleEn: string;
  description: string;
  descriptionEn: string;
  questions: Array<{ ja: string; en: string }>;
}

export function workDraftOf(w: StudioWork | null): WorkDraft {
  return {
    title: w?.title ?? '',
    titleEn: w?.en?.title ?? '',
    description: w?.description ?? '',
    descriptionEn: w?.en?.description ?? '',
    questions: (w?.questions.length ? w.questions : ['']).map((ja, i) => ({
      ja,
      en: w?.en?.questions?.[i] ?? '',
    })),
  };
}

/** The draft as the API takes it; an English text left empty falls back to the Japanese. */
export function workInputOf(d: WorkDraft, base: StudioWork | null): StudioWorkInput {
  const questions = d.questions.filter((q) => q.ja.trim());
  const en = {
    ...(d.titleEn.trim() ? { title: d.titleEn.trim() } : {}),
    ...(d.descriptionEn.trim() ? { description: d.descriptionEn.trim() } : {}),
    ...(questions.some((q) => q.en.trim()) ? { questions: questions.map((q) => q.en.trim()) } : {}),
  };
  return {
    title: d.title.trim(),
    description: d.description.trim(),
    image: base?.image ?? null,
    questions: questions.map((q) => q.ja.trim()),
    examples: base?.examples ?? [],
    ...(base?.afterDescription ? { afterDescription: base.afterDescription } : {}),
    ...(base?.afterImage ? { afterImage: base.afterImage } : {}),
    ...(base?.associatedColor !== undefined ? { associatedColor: base.associatedColor } : {}),
    ...(Object.keys(en).length > 0 ? { en } : {}),
  };
}

function workDraftErrors(d: WorkDraft): { title?: 'required'; questions?: 'oneQuestion' } {
  return {
    ...(d.title.trim() ? {} : { title: 'required' as const }),
    ...(d.questions.some((q) => q.ja.trim()) ? {} : { questions: 'oneQuestion' as const }),
  };
}

/**
 * The lesson's own questions (issue 24): the works in the order pupils meet them, each movable,
 * editable (the teacher's own) and removable from the lesson; a new one is written here, and an
 * existing one (the provider's, or another of the teacher's lessons) can be added once.
 */
export function WorksEditor({
  workIds,
  works,
  onChange,
}: {
  workIds: string[];
  works: StudioWork[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation('studio');
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const byId = new Map(works.map((w) => [w.id, w]));
  const attached = workIds.map((id) => byId.get(id)).filter((w): w is StudioWork => !!w);
  const others = works.filter((w) => !workIds.includes(w.id));

  const move = (i: number, by: -1 | 1) => {
    const next = [...workIds];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item!);
    onChange(next);
  };

  return (
    <Stack gap="sm" data-testid="studio-works">
      <Text size="sm" c="gray.7">
        {t('works.intro')}
      </Text>
      {attached.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('works.empty')}
        </Text>
      )}
      {attached.map((w, i) =>
        editing === w.id ? (
          <WorkForm
            key={w.id}
            work={w}
            onDone={() => setEditing(null)}
            onDeleted={() => {
              setEditing(null);
              onChange(workIds.filter((id) => id !== w.id));
            }}
          />
        ) : (
          <Paper key={w.id} withBorder p="sm" radius="md" data-testid={`studio-work-${i}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {t('works.number', { n: i + 1 })} {w.title}
                </Text>
                {w.questions.map((q, j) => (
                  <Text key={j} size="sm">
                    ・{q}
                  </Text>
                ))}
                {!w.editable && (
                  <Text size="xs" c="gray.7">
                    {t('works.shared')}
                  </Text>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={t('works.up', { title: w.title })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t('works.down', { title: w.title })}
                  disabled={i === attached.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
            <Group gap="xs" mt="xs">
              {w.editable && (
                <Button size="compact-sm" variant="default" onClick={() => setEditing(w.id)}>
                  {t('works.edit')}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                onClick={() => onChange(workIds.filter((id) => id !== w.id))}
              >
                {t('works.detach')}
              </Button>
            </Group>
          </Paper>
        ),
      )}
      {editing === 'new' ? (
        <WorkForm
          work={null}
          onDone={(created) => {
            setEditing(null);
            if (created) onChange([...workIds, created.id]);
          }}
          onDeleted={() => setEditing(null)}
        />
      ) : (
        <Group align="flex-end">
          <Button variant="default" onClick={() => setEditing('new')} data-testid="studio-work-new">
            {t('works.new')}
          </Button>
          {others.length > 0 && (
            <Select
              label={t('works.addExisting')}
              placeholder={t('works.addExistingPlaceholder')}
              data={others.map((w) => ({ value: w.id, label: w.title }))}
              value={null}
              onChange={(v) => v && onChange([...workIds, v])}
              searchable
              w={{ base: '100%', sm: 320 }}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

function WorkForm({
  work,
  onDone,
  onDeleted,
}: {
  work: StudioWork | null;
  onDone: (saved?: StudioWork) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('studio');
  const save = useSaveWork();
  const del = useDeleteWork();
  const [d, setD] = useState<WorkDraft>(() => workDraftOf(work));
  // Red only after the field was left or a save was tried (issue 24).
  const [shown, setShown] = useState<{ title?: boolean; questions?: boolean }>({});
  const errors = workDraftErrors(d);
  const err = (key: 'title' | 'questions') =>
    shown[key] && errors[key] ? t(`form.error.${errors[key]}`) : undefined;
  const setQ = (i: number, lang: 'ja' | 'en', v: string) =>
    setD((p) => ({
      ...p,
      questions: p.questions.map((q, j) => (j === i ? { ...q, [lang]: v } : q)),
    }));

  const submit = () => {
    setShown({ title: true, questions: true });
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { id: work?.id ?? null, body: workInputOf(d, work) },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'teal', message: t('works.saved') });
          onDone(res.item);
        },
        onError: (e) => notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
      },
    );
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label={work ? t('works.editTitle') : t('works.newTitle')}
      data-testid="studio-work-form"
    >
      <Stack gap="xs">
        <Text fw={600}>{work ? t('works.editTitle') : t('works.newTitle')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('works.titleJa')}
            required
            maxLength={STUDIO_TITLE_MAX}
            value={d.title}
            onChange={(e) => setD({ ...d, title: e.currentTarget.value })}
            onBlur={() => setShown((s) => ({ ...s, title: true }))}
            error={err('title')}
          />
          <TextInput
            label={t('works.titleEn')}
            maxLength={STUDIO_TITLE_MAX}
            value={d.titleEn}
            onChange={(e) => setD({ ...d, titleEn: e.currentTarget.value })}
          />
          <Textarea
            label={t('works.descriptionJa')}
            maxLength={STUDIO_TEXT_MAX}
            autosize
            minRows={2}
            value={d.description}
            onChange={(e) => setD({ ...d, description: e.currentTarget.value })}
          />
          <Textarea
            label={t('works.descriptionEn')}
            maxLength={STUDIO_TEXT_MAX}
            autosize
            minRows={2}
            value={d.descriptionEn}
            onChange={(e) => setD({ ...d, descriptionEn: e.currentTarget.value })}
          />
        </SimpleGrid>
        {d.questions.map((q, i) => (
          <SimpleGrid key={i} cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('works.questionJa', { n: i + 1 })}
              required={i === 0}
              maxLength={STUDIO_MOMENT_TEXT_MAX * 2}
              value={q.ja}
              onChange={(e) => setQ(i, 'ja', e.currentTarget.value)}
              onBlur={() => setShown((s) => ({ ...s, questions: true }))}
              error={i === 0 ? err('questions') : undefined}
            />
            <Group align="flex-end" wrap="nowrap" gap="xs">
              <TextInput
                style={{ flex: 1 }}
                label={t('works.questionEn', { n: i + 1 })}
                maxLength={STUDIO_MOMENT_TEXT_MAX * 2}
                value={q.en}
                onChange={(e) => setQ(i, 'en', e.currentTarget.value)}
              />
              {d.questions.length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="compact-sm"
                  mb={4}
                  onClick={() =>
                    setD((p) => ({ ...p, questions: p.questions.filter((_, j) => j !== i) }))
                  }
                  aria-label={t('works.removeQuestion', { n: i + 1 })}
                >
                  {t('works.removeShort')}
                </Button>
              )}
            </Group>
          </SimpleGrid>
        ))}
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={d.questions.length >= QUESTIONS_MAX}
            onClick={() => setD((p) => ({ ...p, questions: [...p.questions, { ja: '', en: '' }] }))}
          >
            {t('works.addQuestion')}
          </Button>
        </Group>
        <Text size="xs" c="gray.7">
          {t('works.enHint')}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" onClick={submit} loading={save.isPending}>
            {t('works.save')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => onDone()}>
            {t('works.cancel')}
          </Button>
          {work?.editable && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              c="red.9"
              loading={del.isPending}
              onClick={() =>
                del.mutate(work.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: t('works.deleted') });
                    onDeleted();
                  },
                  onError: (e) =>
                    notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
                })
              }
            >
              {t('works.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
