import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  STUDIO_DEFAULT_IMAGE,
  STUDIO_TEXT_MAX,
  STUDIO_TITLE_MAX,
  type StudioOptions,
  type StudioSession,
  type StudioSessionInput,
  type StudioWork,
} from '@/contracts/api/studio';
import type { SessionStatus } from '@/contracts/entities';
import { ImageField } from './image-field';
import { WorksEditor } from './works-editor';

const STATUSES: SessionStatus[] = ['NOTICE', 'IN_PROGRESS', 'COMPLETE', 'PRIVATE'];
const HOUR = 3600_000;

/** epoch ms ⇄ the value of <input type="datetime-local"> in the browser's zone. */
const toLocalInput = (ms: number): string => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (s: string): number => new Date(s).getTime();

export interface SessionDraft {
  title: string;
  titleEn: string;
  subTitle: string;
  subTitleEn: string;
  description: string;
  descriptionEn: string;
  image: string;
  thumbnailImage: string;
  status: SessionStatus;
  start: string;
  end: string;
  isWatchable: boolean;
  isFreeOnApp: boolean;
  isFreeOnWeb: boolean;
  targetType: 'ALL' | 'SCHOOL' | 'GROUP';
  targets: string[];
  tagIds: string[];
  workIds: string[];
  idea: string;
  think: string;
  action: string;
  links: string;
}

function draftOf(s: StudioSession | null, now = Date.now()): SessionDraft {
  const start = Math.ceil(now / HOUR) * HOUR;
  return {
    title: s?.title ?? '',
    titleEn: s?.en?.title ?? '',
    subTitle: s?.subTitle ?? '',
    subTitleEn: s?.en?.subTitle ?? '',
    description: s?.description ?? '',
    descriptionEn: s?.en?.description ?? '',
    // No picture yet: the field is empty and the neutral default shows (issue 24).
    image: s?.image && s.image !== STUDIO_DEFAULT_IMAGE ? s.image : '',
    thumbnailImage: s?.thumbnailImage ?? '',
    status: s?.status ?? 'PRIVATE',
    start: toLocalInput(s?.startTime ?? start),
    end: toLocalInput(s?.endTime ?? start + HOUR),
    isWatchable: s?.isWatchable ?? true,
    isFreeOnApp: s?.isFreeOnApp ?? false,
    isFreeOnWeb: s?.isFreeOnWeb ?? false,
    targetType: s?.target.type ?? 'GROUP',
    targets: s?.target.targets ?? [],
    tagIds: s?.tagIds ?? [],
    workIds: s?.workIds ?? [],
    idea: s?.reflection?.ideaNote.placeHolder ?? '',
    think: s?.reflection?.thinkNote.placeHolder ?? '',
    action: s?.reflection?.actionNote.placeHolder ?? '',
    links: (s?.documentLinks ?? []).map((l) => `${l.label} | ${l.url}`).join('\n'),
  };
}

/** The draft as the API takes it (empty fields left out). */
function inputOf(d: SessionDraft): StudioSessionInput {
  const en = {
    ...(d.titleEn.trim() ? { title: d.titleEn.trim() } : {}),
    ...(d.subTitleEn.trim() ? { subTitle: d.subTitleEn.trim() } : {}),
    ...(d.descriptionEn.trim() ? { description: d.descriptionEn.trim() } : {}),
  };
  const reflection =
    d.idea.trim() || d.think.trim() || d.action.trim()
      ? {
          ideaNote: { placeHolder: d.idea.trim() },
          thinkNote: { placeHolder: d.think.trim() },
          actionNote: { placeHolder: d.action.trim() },
        }
      : undefined;
  const documentLinks = d.links
    .split('\n')
    .map((line) => line.split('|').map((p) => p.trim()))
    .filter((p) => p.length === 2 && p[0] && p[1])
    .map(([label, url]) => ({ label: label!, url: url! }));
  return {
    title: d.title.trim(),
    ...(d.subTitle.trim() ? { subTitle: d.subTitle.trim() } : {}),
    ...(d.description.trim() ? { description: d.description.trim() } : {}),
    ...(d.image.trim() ? { image: d.image.trim() } : {}),
    ...(d.thumbnailImage.trim() ? { thumbnailImage: d.thumbnailImage.trim() } : {}),
    ...(Object.keys(en).length > 0 ? { en } : {}),
    status: d.status,
    startTime: fromLocalInput(d.start),
    endTime: fromLocalInput(d.end),
    isWatchable: d.isWatchable,
    isFreeOnApp: d.isFreeOnApp,
    isFreeOnWeb: d.isFreeOnWeb,
    target: { type: d.targetType, targets: d.targetType === 'ALL' ? [] : d.targets },
    tagIds: d.tagIds,
    workIds: d.workIds,
    ...(reflection ? { reflection } : {}),
    documentLinks,
  };
}

/** Client-side checks, the same rules as the contract, so the message comes before the call. */
function draftErrors(d: SessionDraft): Partial<Record<keyof SessionDraft, string>> {
  const out: Partial<Record<keyof SessionDraft, string>> = {};
  if (!d.title.trim()) out.title = 'required';
  const start = fromLocalInput(d.start);
  const end = fromLocalInput(d.end);
  if (!Number.isFinite(start)) out.start = 'required';
  if (!Number.isFinite(end) || end <= start) out.end = 'endBeforeStart';
  if (d.targetType !== 'ALL' && d.targets.length === 0) out.targets = 'chooseTarget';
  return out;
}

export function SessionForm({
  session,
  options,
  works,
  saving,
  onSave,
}: {
  session: StudioSession | null;
  options: StudioOptions;
  works: StudioWork[];
  saving: boolean;
  onSave: (input: StudioSessionInput) => void;
}) {
  const { t } = useTranslation('studio');
  const [d, setD] = useState<SessionDraft>(() => draftOf(session));
  // A field turns red once it was left or a save was tried, never before (issue 24).
  const [tried, setTried] = useState(false);
  const [left, setLeft] = useState<Partial<Record<keyof SessionDraft, boolean>>>({});
  const all = draftErrors(d);
  const errors = Object.fromEntries(
    Object.entries(all).filter(([k]) => tried || left[k as keyof SessionDraft]),
  ) as typeof all;
  const leave = (key: keyof SessionDraft) => () => setLeft((p) => ({ ...p, [key]: true }));
  const set = <K extends keyof SessionDraft>(key: K, value: SessionDraft[K]) =>
    setD((prev) => ({ ...prev, [key]: value }));
  const err = (key: keyof SessionDraft) =>
    errors[key] ? t(`form.error.${errors[key] as 'required'}`) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(draftErrors(d)).length > 0) return;
    onSave(inputOf(d));
  };

  const targetData =
    d.targetType === 'SCHOOL'
      ? options.schools.map((s) => ({ value: s.id, label: s.name }))
      : options.groups.map((g) => ({ value: g.id, label: g.name }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.title')}>
      <Stack gap="md">
        <Fieldset miw={0} legend={t('form.texts')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.titleJa')}
              required
              maxLength={STUDIO_TITLE_MAX}
              value={d.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              onBlur={leave('title')}
              error={err('title')}
            />
            <TextInput
              label={t('form.titleEn')}
              maxLength={STUDIO_TITLE_MAX}
              value={d.titleEn}
              onChange={(e) => set('titleEn', e.currentTarget.value)}
            />
            <TextInput
              label={t('form.subTitleJa')}
              maxLength={STUDIO_TITLE_MAX}
              value={d.subTitle}
              onChange={(e) => set('subTitle', e.currentTarget.value)}
            />
            <TextInput
              label={t('form.subTitleEn')}
              maxLength={STUDIO_TITLE_MAX}
              value={d.subTitleEn}
              onChange={(e) => set('subTitleEn', e.currentTarget.value)}
            />
            <Textarea
              label={t('form.descriptionJa')}
              maxLength={STUDIO_TEXT_MAX}
              autosize
              minRows={2}
              value={d.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            <Textarea
              label={t('form.descriptionEn')}
              maxLength={STUDIO_TEXT_MAX}
              autosize
              minRows={2}
              value={d.descriptionEn}
              onChange={(e) => set('descriptionEn', e.currentTarget.value)}
            />
            <ImageField
              label={t('form.image')}
              value={d.image}
              onChange={(url) => set('image', url)}
              testId="studio-image"
            />
            <ImageField
              label={t('form.thumbnail')}
              value={d.thumbnailImage}
              onChange={(url) => set('thumbnailImage', url)}
              noneText={t('image.noThumbnail')}
              testId="studio-thumbnail"
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset miw={0} legend={t('form.publishing')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('form.status')}
              data={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={d.status}
              onChange={(v) => v && set('status', v as SessionStatus)}
              allowDeselect={false}
            />
            <TextInput
              type="datetime-local"
              label={t('form.start')}
              value={d.start}
              onChange={(e) => set('start', e.currentTarget.value)}
              error={err('start')}
            />
            <TextInput
              type="datetime-local"
              label={t('form.end')}
              value={d.end}
              onChange={(e) => set('end', e.currentTarget.value)}
              onBlur={leave('end')}
              error={err('end')}
            />
          </SimpleGrid>
          <Group mt="sm">
            <Checkbox
              label={t('form.watchable')}
              checked={d.isWatchable}
              onChange={(e) => set('isWatchable', e.currentTarget.checked)}
            />
            {/* The free flags change no one's access: kept as the session's data (decision 0076). */}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <Select
              label={t('form.targetType')}
              data={options.targetTypes.map((v) => ({ value: v, label: t(`target.${v}`) }))}
              value={d.targetType}
              onChange={(v) => {
                if (!v) return;
                setD((prev) => ({
                  ...prev,
                  targetType: v as SessionDraft['targetType'],
                  targets: [],
                }));
              }}
              allowDeselect={false}
            />
            {d.targetType !== 'ALL' && (
              <MultiSelect
                label={d.targetType === 'SCHOOL' ? t('form.schools') : t('form.groups')}
                data={targetData}
                value={d.targets}
                onChange={(v) => set('targets', v)}
                onBlur={leave('targets')}
                searchable
                error={err('targets')}
              />
            )}
          </SimpleGrid>
        </Fieldset>

        <Fieldset miw={0} legend={t('form.works')}>
          <WorksEditor workIds={d.workIds} works={works} onChange={(ids) => set('workIds', ids)} />
        </Fieldset>

        <Fieldset miw={0} legend={t('form.more')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label={t('form.tags')}
              data={options.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
              value={d.tagIds}
              onChange={(v) => set('tagIds', v)}
              searchable
            />
            <TextInput
              label={t('form.idea')}
              value={d.idea}
              onChange={(e) => set('idea', e.currentTarget.value)}
            />
            <TextInput
              label={t('form.think')}
              value={d.think}
              onChange={(e) => set('think', e.currentTarget.value)}
            />
            <TextInput
              label={t('form.action')}
              value={d.action}
              onChange={(e) => set('action', e.currentTarget.value)}
            />
            <Textarea
              label={t('form.links')}
              description={t('form.linksHint')}
              autosize
              minRows={2}
              value={d.links}
              onChange={(e) => set('links', e.currentTarget.value)}
            />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
