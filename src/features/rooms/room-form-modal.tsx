import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionSummary } from '@/contracts/api/sessions';
import { sessionChoiceGroups } from './session-choices';
import { ROOM_NAME_MAX } from '@/contracts/constants';
import { Lang, type Stream, toLang } from '@/contracts/entities';
import { useGroupChoices, useSessionChoices } from './api/form-options';
import { useCreateStream, useUpdateStream } from './api/save-stream';
import {
  defaultStart,
  isSubmitDisabled,
  roomNameLength,
  startPartsOf,
  toStreamBody,
  validateRoomForm,
  type RoomFormErrorKey,
  type RoomFormValues,
} from './room-rules';

export interface RoomFormModalProps {
  opened: boolean;
  onClose(): void;
  /** The room being edited; absent: a new room. */
  stream?: Stream;
  /** Preselects the session of a new room (the session page). */
  sessionId?: string;
  onSaved(stream: Stream, mode: 'created' | 'updated'): void;
}

type FieldName = keyof ReturnType<typeof validateRoomForm>;

function initialValues(
  stream: Stream | undefined,
  sessionId: string | undefined,
  lang: Lang,
): RoomFormValues {
  if (stream) {
    const start = startPartsOf(stream.settings.startTime);
    return {
      sessionId: stream.sessionId,
      name: stream.name,
      ...start,
      lang: stream.lang,
      groupIds: stream.groupIds,
      participantVideoVisiblity: stream.settings.participantVideoVisiblity,
      videoQuality: stream.settings.videoQuality,
    };
  }
  return {
    sessionId: sessionId ?? null,
    name: '',
    ...defaultStart(Date.now()),
    lang,
    groupIds: [],
    participantVideoVisiblity: true,
    videoQuality: 'high',
  };
}

const sessionTitle = (s: SessionSummary, lang: Lang) => s[lang]?.title || s.title;

/** Create or edit a room with every field of the spec. */
/**
 * Error messages wrap between phrases only, never inside a word (issue 9, item 10): the fields
 * beside each other are wide enough for one line, and a message that cannot fit moves whole.
 */
const NO_MID_WORD_WRAP = { error: { wordBreak: 'keep-all', overflowWrap: 'normal' } } as const;

export function RoomFormModal(props: RoomFormModalProps) {
  const { t } = useTranslation('rooms');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.stream ? t('form.editTitle') : t('form.createTitle')}
      centered
      size="lg"
    >
      {/* Mounted only while open, so every opening starts from fresh defaults (now, rounded). */}
      {props.opened && <RoomForm {...props} />}
    </Modal>
  );
}

function RoomForm({ stream, sessionId, onClose, onSaved }: RoomFormModalProps) {
  const { t, i18n } = useTranslation('rooms');
  const lang = toLang(i18n.language, 'ja');
  const [values, setValues] = useState(() => initialValues(stream, sessionId, lang));
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const sessions = useSessionChoices(true);
  const groups = useGroupChoices(true);
  const create = useCreateStream();
  const update = useUpdateStream();
  const saving = create.isPending || update.isPending;

  const errors = validateRoomForm(values);
  const submitBlocked = isSubmitDisabled(values);
  const set = <K extends keyof RoomFormValues>(key: K, value: RoomFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const touch = (field: FieldName) => setTouched((s) => ({ ...s, [field]: true }));
  const message = (key: RoomFormErrorKey | undefined) =>
    key === undefined ? undefined : t(`form.errors.${key}`, { max: ROOM_NAME_MAX });
  // Errors show once a field was left, except the ones the user is typing into right now.
  const shown = (field: FieldName) => {
    const error = errors[field];
    if (!error) return undefined;
    if (touched[field] || error === 'tooLong' || error === 'notInteger' || error === 'minuteStep')
      return message(error);
    return undefined;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = toStreamBody(values);
    if (!body) {
      // Show every message at once, so the user sees what is missing.
      setTouched({
        sessionId: true,
        name: true,
        date: true,
        hour: true,
        minute: true,
        groupIds: true,
      });
      return;
    }
    if (saving) return;
    if (stream) {
      const { sessionId: _unchanged, ...changes } = body;
      update.mutate(
        { id: stream.id, body: changes },
        {
          onSuccess: (saved) => onSaved(saved, 'updated'),
          // The spec's error catalogue: an update failure is logged only, with no message.
          onError: (error) => console.error('[rooms] update failed', error),
        },
      );
    } else {
      create.mutate(body, { onSuccess: (saved) => onSaved(saved, 'created') });
    }
  };

  const sessionGroups = sessionChoiceGroups(sessions.data ?? [], lang, (k, o) =>
    t(k as 'form.kindArchive', o),
  );
  const sessionOptions: Array<
    { value: string; label: string } | { group: string; items: { value: string; label: string }[] }
  > = [...sessionGroups];
  // An edited room's session may no longer be listed; keep it selectable so the field shows.
  if (
    values.sessionId &&
    !sessionGroups.some((g) => g.items.some((o) => o.value === values.sessionId))
  ) {
    const known = sessions.data?.find((s) => s.id === values.sessionId);
    sessionOptions.unshift({
      value: values.sessionId,
      label: known ? sessionTitle(known, lang) : values.sessionId,
    });
  }
  const groupChoices = groups.data ?? [];
  const nameLength = roomNameLength(values.name);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {(sessions.isError || groups.isError) && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('form.loadError')}</Text>
              <Button
                size="xs"
                variant="white"
                color="red"
                onClick={() => {
                  if (sessions.isError) void sessions.refetch();
                  if (groups.isError) void groups.refetch();
                }}
              >
                {t('form.retry')}
              </Button>
            </Group>
          </Alert>
        )}

        <Select
          label={t('form.session')}
          placeholder={t('form.sessionPlaceholder')}
          data={sessionOptions}
          value={values.sessionId}
          onChange={(v) => set('sessionId', v)}
          onBlur={() => touch('sessionId')}
          error={shown('sessionId')}
          // A room stays in its session: PUT /v1/stream/{id} does not move it.
          disabled={stream !== undefined || sessions.isPending}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
        />

        <TextInput
          styles={NO_MID_WORD_WRAP}
          label={t('form.name')}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          onBlur={() => touch('name')}
          error={shown('name')}
          description={`${nameLength}/${ROOM_NAME_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          data-autofocus
        />

        <DatesProvider settings={{ locale: lang }}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <DatePickerInput
              label={t('form.date')}
              value={values.date}
              onChange={(v) => set('date', v)}
              valueFormat="YYYY/MM/DD"
              error={shown('date')}
              required
              style={{ flex: '1 1 180px' }}
              styles={NO_MID_WORD_WRAP}
              popoverProps={{ withinPortal: true }}
            />
            <NumberInput
              label={t('form.hour')}
              value={values.hour}
              onChange={(v) => set('hour', v)}
              onBlur={() => touch('hour')}
              error={shown('hour')}
              styles={NO_MID_WORD_WRAP}
              min={0}
              max={23}
              step={1}
              clampBehavior="none"
              required
              style={{ flex: '1 1 170px' }}
            />
            <NumberInput
              label={t('form.minute')}
              value={values.minute}
              onChange={(v) => set('minute', v)}
              onBlur={() => touch('minute')}
              error={shown('minute')}
              styles={NO_MID_WORD_WRAP}
              min={0}
              max={59}
              step={5}
              clampBehavior="none"
              required
              style={{ flex: '1 1 170px' }}
            />
          </Group>
        </DatesProvider>

        <Radio.Group
          label={t('form.lang')}
          value={values.lang}
          onChange={(v) => set('lang', toLang(v, values.lang))}
        >
          <Group gap="lg" mt={4}>
            <Radio value="ja" label={t('form.langJa')} />
            <Radio value="en" label={t('form.langEn')} />
          </Group>
        </Radio.Group>

        <Checkbox.Group
          label={t('form.groups')}
          value={values.groupIds}
          onChange={(v) => {
            set('groupIds', v);
            touch('groupIds');
          }}
          error={shown('groupIds')}
          required
        >
          <Stack gap={6} mt={4}>
            {groups.isPending ? null : groupChoices.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('form.noGroups')}
              </Text>
            ) : (
              groupChoices.map((g) => <Checkbox key={g.id} value={g.id} label={g.name} />)
            )}
          </Stack>
        </Checkbox.Group>

        <Switch
          label={t('form.participantVideo')}
          checked={values.participantVideoVisiblity}
          onChange={(e) => set('participantVideoVisiblity', e.currentTarget.checked)}
        />

        <Radio.Group
          label={t('form.quality')}
          value={values.videoQuality}
          onChange={(v) => set('videoQuality', v === 'low' ? 'low' : 'high')}
        >
          <Group gap="lg" mt={4}>
            <Radio value="high" label={t('form.qualityHigh')} />
            <Radio value="low" label={t('form.qualityLow')} />
          </Group>
        </Radio.Group>

        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('form.createError')}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={submitBlocked} loading={saving}>
            {stream ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
