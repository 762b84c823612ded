import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  CloseButton,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SequenceMode } from '@/contracts/api/outputs';
import { MOBILE_BREAKPOINT } from '@/contracts/constants';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe, usePermission } from '@/features/auth';
import { recommendNext } from './api/feedback-api';
import { gaugeEventForPosted } from './feedback-gauge';
import { FeedbackGaugeView, useFeedbackGauge } from './feedback-gauge-view';
import { OutputViewer } from './output-viewer';
import { resolveNext } from './sequence-step';

/** The feedback-zero view's date range (YYYY-MM-DD, empty for an open end). */
interface DateRange {
  start: string;
  end: string;
}

export interface FeedbackViewerProps {
  opened: boolean;
  onClose(): void;
  /** The session whose outputs are shown: the session link and the gauge's storage key. */
  sessionId: string;
  sessionTitle?: string;
  /** The outputs to step through, in order (creation order, or a sequencing mode's picks). */
  outputIds: readonly string[];
  /** Which output opens first. */
  startIndex?: number;
  /** Report-enabled mode: staff roles get the session report button on desktop. */
  reportEnabled?: boolean;
  /** The report group for the session report link; without it the link opens /report. */
  reportGroupId?: string;
  /**
   * The sequencing mode the viewer opens in (default straight). straight steps through
   * `outputIds` in order; in the others "next" asks the server which output comes after the
   * current one (the list order when it has none) and "previous" walks back through what was shown.
   */
  mode?: SequenceMode;
  /** Shows the sequencing mode selector (one session's outputs; not the feedback-zero list). */
  modeSelector?: boolean;
  /** Feedback-zero mode: a date filter above the output. */
  dateFilter?: { value: DateRange; onChange(range: DateRange): void };
}

/**
 * The feedback viewer: a full-screen modal stepping through outputs with previous and next,
 * a link to the session, the session report button (staff roles, desktop, report-enabled mode),
 * the feedback gauge for pupils, and the output viewer.
 */
export function FeedbackViewer(props: FeedbackViewerProps) {
  const { opened, onClose } = props;
  const initialMode = props.mode ?? 'straight';
  const [mode, setMode] = useState<SequenceMode>(initialMode);
  // straight is the given list's order; the other modes ask the server.
  const asks = mode !== 'straight';
  // In a server mode the list grows as the server picks; otherwise it is the given list.
  const [picked, setPicked] = useState<string[]>([]);
  const outputIds = asks ? picked : props.outputIds;
  const { t } = useTranslation('feedback');
  const isDesktop = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT}px)`, true);
  const me = useMe(opened);
  const submit = usePermission('submitFeedback', { enabled: opened });
  const [index, setIndex] = useState(props.startIndex ?? 0);
  const gauge = useFeedbackGauge(props.sessionId);
  const staff = me.data ? isStaffRole(me.data.role as Role) : false;
  const { send } = gauge;
  const [asking, setAsking] = useState(false);
  const [endReached, setEndReached] = useState(false);
  const [fellBack, setFellBack] = useState(false);

  const given = props.outputIds;
  // The list and start as they are when the viewer opens (the list changes live meanwhile).
  const opening = useRef({ given, startIndex: props.startIndex });
  useEffect(() => {
    opening.current = { given, startIndex: props.startIndex };
  });
  // Opening starts again from the given output, in the mode the opener asked for.
  useEffect(() => {
    if (!opened) return;
    const { given: list, startIndex } = opening.current;
    setEndReached(false);
    setFellBack(false);
    setMode(initialMode);
    if (initialMode !== 'straight') {
      const first = list[startIndex ?? 0];
      setPicked(first ? [first] : []);
      setIndex(0);
      if (!first) {
        void recommendNext(initialMode, props.sessionId, null)
          .then((id) => setPicked(id ? [id] : []))
          .catch(() => setPicked([]));
      }
    } else {
      setIndex(Math.min(startIndex ?? 0, Math.max(list.length - 1, 0)));
    }
  }, [opened, initialMode, props.sessionId]);

  // A live change of the list (a classmate posted, issue 14) keeps the output on screen where
  // it is: only its position moves, and the new output is one step away.
  const givenKey = given.join('\n');
  const previousGiven = useRef(given);
  useEffect(() => {
    const before = previousGiven.current;
    previousGiven.current = given;
    if (before.join('\n') === givenKey) return;
    setIndex((i) => {
      const id = before[i];
      const at = id ? given.indexOf(id) : -1;
      return at >= 0 ? at : Math.min(i, Math.max(given.length - 1, 0));
    });
    // `given` is read through its key: a new array with the same ids is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [givenKey]);

  // The gauge counts outputs looked at (1-based): noAction once the fifth is reached untouched.
  useEffect(() => {
    if (opened && !staff) send({ type: 'output.viewed', index: index + 1 });
  }, [opened, staff, index, send]);

  const current = outputIds[index] ?? null;
  const total = outputIds.length;

  // Switching keeps the output on screen; "next" follows the new mode from it.
  const chooseMode = (next: SequenceMode) => {
    setMode(next);
    setEndReached(false);
    setFellBack(false);
    if (next === 'straight') {
      const at = current ? given.indexOf(current) : -1;
      setIndex(at >= 0 ? at : Math.min(props.startIndex ?? 0, Math.max(given.length - 1, 0)));
    } else {
      setPicked(current ? [current] : []);
      setIndex(0);
    }
  };

  const go = (delta: number) => {
    if (asks && delta > 0 && index >= total - 1) {
      // Past the last one shown: ask the server for the next pick, else the list order.
      setAsking(true);
      void recommendNext(mode, props.sessionId, current)
        .catch(() => null)
        .then((pick) => {
          const step = resolveNext(given, current, pick);
          setFellBack(step.fallback);
          if (step.id === null) {
            setEndReached(true);
            return;
          }
          const id = step.id;
          setPicked((list) => [...list, id]);
          setIndex((i) => i + 1);
        })
        .finally(() => setAsking(false));
      return;
    }
    setFellBack(false);
    setIndex((i) => Math.min(Math.max(i + delta, 0), total - 1));
  };
  const nextDisabled = asks
    ? asking || !current || (endReached && index >= total - 1)
    : index >= total - 1;
  // Arrow keys step too (ignored while typing in the comment box).
  useHotkeys([
    ['ArrowLeft', () => opened && index > 0 && go(-1)],
    ['ArrowRight', () => opened && !nextDisabled && go(1)],
  ]);
  const reportLink = props.reportGroupId
    ? `/report/group/${encodeURIComponent(props.reportGroupId)}/session/${encodeURIComponent(props.sessionId)}`
    : '/report';

  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen transitionProps={{ duration: 250 }}>
      <Modal.Overlay />
      <Modal.Content aria-label={t('viewer.title')}>
        <Modal.Body p={0}>
          <Stack gap={0} mih="100dvh">
            <Group
              justify="space-between"
              px="md"
              py="xs"
              wrap="nowrap"
              pos="sticky"
              top={0}
              bg="white"
              style={{ zIndex: 2, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('viewer.previous')}
                  disabled={index <= 0}
                  onClick={() => go(-1)}
                >
                  <span aria-hidden>‹</span>
                </ActionIcon>
                <Text size="sm" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                  {total > 0 && !asks ? t('viewer.position', { current: index + 1, total }) : ''}
                </Text>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('viewer.next')}
                  disabled={nextDisabled}
                  loading={asking}
                  onClick={() => go(1)}
                >
                  <span aria-hidden>›</span>
                </ActionIcon>
                <Anchor
                  component={Link}
                  to={`/session/${encodeURIComponent(props.sessionId)}`}
                  size="sm"
                  c="cyan.9"
                  onClick={onClose}
                  truncate
                >
                  {props.sessionTitle ?? t('viewer.toSession')}
                </Anchor>
              </Group>
              <Group gap="xs" wrap="nowrap">
                {props.reportEnabled && staff && isDesktop && (
                  <Button
                    component={Link}
                    to={reportLink}
                    size="xs"
                    variant="light"
                    onClick={onClose}
                  >
                    {t('viewer.sessionReport')}
                  </Button>
                )}
                <CloseButton size="lg" aria-label={t('viewer.close')} onClick={onClose} />
              </Group>
            </Group>

            <Box px="md" py="md" maw={1200} mx="auto" w="100%">
              <Stack gap="md">
                {props.dateFilter && <DateFilter {...props.dateFilter} />}
                {props.modeSelector && <ModeSelector value={mode} onChange={chooseMode} />}
                {fellBack && (
                  <Text size="sm" c="gray.8" role="status">
                    {t('mode.fallback')}
                  </Text>
                )}
                {me.data && !staff && <FeedbackGaugeView state={gauge.state} />}
                {current && me.data ? (
                  <OutputViewer
                    key={current}
                    outputId={current}
                    me={me.data}
                    mayPost={submit.isPermitted}
                    isDesktop={isDesktop}
                    onFeedbackPosted={(item) => {
                      const event = gaugeEventForPosted(item);
                      if (!staff && event) send(event);
                    }}
                  />
                ) : (
                  total === 0 && <Text c="gray.7">{t('viewer.notFound')}</Text>
                )}
              </Stack>
            </Box>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** The sequencing mode: a labelled native select, and one line on what the chosen mode shows. */
function ModeSelector({
  value,
  onChange,
}: {
  value: SequenceMode;
  onChange(mode: SequenceMode): void;
}) {
  const { t } = useTranslation('feedback');
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <NativeSelect
        size="xs"
        w={180}
        label={t('mode.label')}
        value={value}
        data={SequenceMode.options.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
        onChange={(e) => {
          const parsed = SequenceMode.safeParse(e.currentTarget.value);
          if (parsed.success) onChange(parsed.data);
        }}
        aria-describedby="feedback-mode-help"
      />
      <Text size="xs" c="gray.7" id="feedback-mode-help" style={{ alignSelf: 'flex-end' }}>
        {t(`mode.help.${value}`)}
      </Text>
    </Group>
  );
}

function DateFilter({ value, onChange }: { value: DateRange; onChange(range: DateRange): void }) {
  const { t } = useTranslation('feedback');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        type="date"
        label={t('feedbackZero.start')}
        value={value.start}
        max={value.end || today}
        onChange={(e) => onChange({ ...value, start: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={t('feedbackZero.end')}
        value={value.end}
        min={value.start || undefined}
        max={today}
        onChange={(e) => onChange({ ...value, end: e.currentTarget.value })}
      />
      <Button variant="subtle" onClick={() => onChange({ start: '', end: '' })}>
        {t('feedbackZero.all')}
      </Button>
    </Group>
  );
}
