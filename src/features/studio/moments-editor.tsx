import {
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioVideo } from '@/contracts/api/studio';
import type { TimedActionKind } from '@/contracts/entities';
import { useSaveVideo } from './api/studio-api';
import { ImageField } from './image-field';
import { errorMessageKey } from './studio-errors';
import {
  MOMENT_KINDS,
  formatSeconds,
  momentProblem,
  newMoment,
  nudge,
  sortMoments,
  splitTranslations,
  withTranslations,
  type EditMoment,
  type MomentEn,
} from './moments';

const KIND_COLORS: Record<TimedActionKind, string> = {
  chapter: 'blue',
  telop: 'gray',
  image: 'cyan',
  discuss: 'yellow',
  vote: 'grape',
  output: 'teal',
  feedback: 'orange',
  reflection: 'pink',
};

const LIGHT_KINDS = new Set(['yellow', 'orange']);
const momentColors = (color: string) =>
  LIGHT_KINDS.has(color)
    ? { background: `var(--mantine-color-${color}-4)`, color: 'var(--mantine-color-black)' }
    : { background: `var(--mantine-color-${color}-9)`, color: 'white' };

/**
 * The timed moments on a timeline under the video (issue 15). Each moment is a button on the
 * track: Tab reaches it, ←/→ move it by 0.5 s (Shift: 5 s), Enter opens it in the form,
 * Delete removes it; a pointer drags it. "Add at playhead" puts a new moment where the video is.
 */
export function MomentsEditor({
  sessionId,
  video,
  moments,
  onChange,
  position,
  duration,
  onSeek,
}: {
  sessionId: string;
  video: StudioVideo;
  moments: EditMoment[];
  onChange: (next: EditMoment[]) => void;
  position: number;
  duration: number | null;
  onSeek: (to: number) => void;
}) {
  const { t } = useTranslation('studio');
  const save = useSaveVideo(sessionId);
  const [selected, setSelected] = useState<number | null>(null);
  const [kind, setKind] = useState<TimedActionKind>('chapter');
  // Problems are shown once a save was tried (or in a moment's form, once it was left): never
  // in red before the teacher has typed anything (issue 24).
  const [triedSave, setTriedSave] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const span = Math.max(duration ?? 0, ...moments.map((m) => m.end ?? m.start + 1), 10);
  const dirty =
    JSON.stringify(moments) !==
    JSON.stringify(withTranslations(video.actions as EditMoment[], video.actionTranslations));
  const problems = moments.map(momentProblem);

  const replace = (i: number, m: EditMoment) => onChange(moments.map((x, j) => (j === i ? m : x)));
  const remove = (i: number) => {
    onChange(moments.filter((_, j) => j !== i));
    setSelected(null);
  };
  const add = () => {
    const next = sortMoments([...moments, newMoment(kind, position, moments)]);
    onChange(next);
    setSelected(
      next.findIndex(
        (m) => m.action === kind && m.start === Math.round(Math.max(0, position) * 10) / 10,
      ),
    );
  };

  const onKey = (i: number, e: KeyboardEvent) => {
    const step = e.shiftKey ? 5 : 0.5;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      replace(i, nudge(moments[i]!, e.key === 'ArrowLeft' ? -step : step, duration));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(i);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setSelected(i);
      onSeek(moments[i]!.start);
    }
  };

  const drag = (i: number, e: PointerEvent<HTMLButtonElement>) => {
    const el = track.current;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    const startX = e.clientX;
    const original = moments[i]!;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    let moved = false;
    const move = (ev: globalThis.PointerEvent) => {
      const delta = ((ev.clientX - startX) / rect.width) * span;
      if (Math.abs(ev.clientX - startX) > 3) moved = true;
      if (moved) replace(i, nudge(original, delta, duration));
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      if (!moved) setSelected(i);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };

  const persist = () => {
    const firstProblem = problems.findIndex((p) => p !== null);
    if (firstProblem >= 0) {
      setTriedSave(true);
      setSelected(firstProblem);
      return;
    }
    setTriedSave(false);
    save.mutate(
      {
        id: video.id,
        body: {
          title: video.title,
          type: video.type === 'ARCHIVE_LOW' ? 'ARCHIVE_LOW' : 'DIGEST',
          lang: video.lang,
          // The English words go with their moments, by position (the Japanese is the fallback).
          ...splitTranslations(sortMoments(moments)),
        },
      },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('moment.saved') }),
        onError: (e) => notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
      },
    );
  };

  const current = selected !== null ? moments[selected] : undefined;

  return (
    <Stack gap="sm" component="section" aria-labelledby="studio-moments-title">
      <Group justify="space-between">
        <Title order={3} size="h5" id="studio-moments-title">
          {t('moment.title')}
        </Title>
        <Text size="sm" c="gray.7" id="studio-moments-help">
          {t('moment.help')}
        </Text>
      </Group>
      <Box
        ref={track}
        pos="relative"
        h={28 + 22 * Math.min(4, Math.max(1, moments.length))}
        bg="gray.1"
        style={{ borderRadius: 6 }}
        role="group"
        aria-label={t('moment.timeline')}
        aria-describedby="studio-moments-help"
        data-testid="studio-timeline"
      >
        <Box
          pos="absolute"
          top={0}
          bottom={0}
          w={2}
          bg="red.7"
          style={{ left: `${(Math.min(position, span) / span) * 100}%` }}
          aria-hidden
        />
        {moments.map((m, i) => {
          const left = (m.start / span) * 100;
          const width = Math.max(1.5, (((m.end ?? m.start + 1) - m.start) / span) * 100);
          return (
            <UnstyledButton
              key={i}
              pos="absolute"
              top={4 + 22 * (i % 4)}
              h={20}
              px={4}
              style={{
                left: `${left}%`,
                width: `${width}%`,
                minWidth: 24,
                borderRadius: 4,
                // Readable at 12 px (4.5:1): white on shade 9, dark text on the light yellow and
                // orange; the selected moment is ringed, not recoloured.
                ...momentColors(KIND_COLORS[m.action]),
                boxShadow: selected === i ? '0 0 0 2px var(--mantine-color-black)' : undefined,
                fontSize: 12,
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                outlineOffset: 2,
                touchAction: 'none',
              }}
              aria-label={t('moment.marker', {
                kind: t(`kind.${m.action}`),
                name: m.params.name ?? '',
                start: formatSeconds(m.start),
              })}
              aria-pressed={selected === i}
              onKeyDown={(e) => onKey(i, e)}
              onPointerDown={(e) => drag(i, e)}
              data-testid={`moment-${m.action}-${i}`}
            >
              {m.params.name || t(`kind.${m.action}`)}
            </UnstyledButton>
          );
        })}
      </Box>
      <Group align="flex-end">
        <Select
          label={t('moment.kind')}
          data={MOMENT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          value={kind}
          onChange={(v) => v && setKind(v as TimedActionKind)}
          allowDeselect={false}
          w={180}
        />
        <Button variant="default" onClick={add}>
          {t('moment.addAt', { at: formatSeconds(position) })}
        </Button>
        <Button onClick={persist} loading={save.isPending} disabled={!dirty}>
          {t('moment.save')}
        </Button>
      </Group>
      {triedSave && problems.some((p) => p !== null) && (
        <Text size="sm" c="red.8" role="alert">
          {t('moment.fixFirst')}
        </Text>
      )}
      {current && selected !== null && (
        <MomentForm
          key={selected}
          moment={current}
          problem={problems[selected] ?? null}
          showProblem={triedSave}
          onChange={(m) => replace(selected, m)}
          onRemove={() => remove(selected)}
          onDone={() => {
            onChange(sortMoments(moments));
            setSelected(null);
          }}
        />
      )}
      {moments.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('moment.empty')}
        </Text>
      )}
    </Stack>
  );
}

function MomentForm({
  moment: m,
  problem,
  showProblem,
  onChange,
  onRemove,
  onDone,
}: {
  moment: EditMoment;
  problem: string | null;
  showProblem: boolean;
  onChange: (m: EditMoment) => void;
  onRemove: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('studio');
  const [left, setLeft] = useState(false);
  const time = (key: 'start' | 'end' | 'show' | 'hide' | 'resultTime', label: string) => (
    <NumberInput
      label={label}
      min={0}
      step={0.5}
      decimalScale={1}
      value={m[key] ?? ''}
      onChange={(v) => {
        const n = typeof v === 'number' ? v : v === '' ? undefined : Number(v);
        const next = { ...m };
        if (n === undefined || Number.isNaN(n)) {
          if (key === 'start') return;
          delete next[key];
        } else next[key] = n;
        onChange(next);
      }}
    />
  );
  const param = (key: 'name' | 'title', label: string) => (
    <TextInput
      label={label}
      value={m.params[key] ?? ''}
      onChange={(e) => {
        const v = e.currentTarget.value;
        const params = { ...m.params };
        if (v) params[key] = v;
        else delete params[key];
        onChange({ ...m, params });
      }}
    />
  );
  const english = (key: 'name' | 'title', label: string) => (
    <TextInput
      label={label}
      value={m.en?.[key] ?? ''}
      onChange={(e) => {
        const v = e.currentTarget.value;
        const en: MomentEn = { ...m.en };
        if (v) en[key] = v;
        else delete en[key];
        onChange({ ...m, en });
      }}
    />
  );
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      aria-label={t('moment.edit', { kind: t(`kind.${m.action}`) })}
      component="section"
      onBlur={() => setLeft(true)}
    >
      <Stack gap="xs">
        <Text fw={600}>{t('moment.edit', { kind: t(`kind.${m.action}`) })}</Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }}>
          {time('start', t('moment.start'))}
          {time('end', t('moment.end'))}
          {/* The older display window; shown only on moments that have one. */}
          {m.show !== undefined && time('show', t('moment.show'))}
          {m.hide !== undefined && time('hide', t('moment.hide'))}
          {m.action === 'vote' && time('resultTime', t('moment.resultTime'))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {param('name', m.action === 'vote' ? t('moment.questionJa') : t('moment.nameJa'))}
          {english('name', m.action === 'vote' ? t('moment.questionEn') : t('moment.nameEn'))}
          {(m.action === 'telop' || m.action === 'discuss') && (
            <>
              {param('title', t('moment.subtitleJa'))}
              {english('title', t('moment.subtitleEn'))}
            </>
          )}
          {m.action === 'image' && (
            <ImageField
              label={t('moment.image')}
              value={m.params.image ?? ''}
              noneText={t('moment.imageNone')}
              onChange={(url) => {
                const params = { ...m.params };
                if (url) params.image = url;
                else delete params.image;
                onChange({ ...m, params });
              }}
              testId="studio-moment-image"
            />
          )}
          {(m.action === 'discuss' || m.action === 'output') && (
            <Select
              label={t('moment.type')}
              data={(['cover', 'free', 'opinion'] as const).map((v) => ({
                value: v,
                label: t(`moment.types.${v}`),
              }))}
              value={m.params.type ?? null}
              onChange={(v) => {
                const params = { ...m.params };
                if (v) params.type = v as 'cover' | 'free' | 'opinion';
                else delete params.type;
                onChange({ ...m, params });
              }}
            />
          )}
          {m.action === 'vote' && (
            <>
              <Textarea
                label={t('moment.choicesJa')}
                description={t('moment.choicesHint')}
                autosize
                minRows={2}
                value={(m.params.choices ?? []).join('\n')}
                onChange={(e) =>
                  onChange({
                    ...m,
                    params: { ...m.params, choices: e.currentTarget.value.split('\n') },
                  })
                }
              />
              <Textarea
                label={t('moment.choicesEn')}
                description={t('moment.choicesEnHint')}
                autosize
                minRows={2}
                value={(m.en?.choices ?? []).join('\n')}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  const en: MomentEn = { ...m.en };
                  if (v.trim()) en.choices = v.split('\n');
                  else delete en.choices;
                  onChange({ ...m, en });
                }}
              />
            </>
          )}
        </SimpleGrid>
        {problem && (left || showProblem) && (
          <Text size="sm" c="red.8" role="alert">
            {t(problem as 'moment.error.other')}
          </Text>
        )}
        <Group>
          <Button size="compact-sm" onClick={onDone}>
            {t('moment.done')}
          </Button>
          <Button size="compact-sm" color="red" variant="light" onClick={onRemove}>
            {t('moment.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
