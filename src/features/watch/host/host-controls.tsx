import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SegmentedControl,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimedAction } from '@/contracts/entities';
import type { LiveActionKind, RoomModel } from '@/contracts/stream';
import { HOST_RATES, SKIP_SECONDS, type HostEvent } from './host-machine';
import { toggleLabel } from './playback-end';
import { usePortalTarget } from '../player/use-fullscreen';
import { formatPosition } from '../session/sync-state';

export interface HostControlsProps {
  /** Room mode shows the live pushes and the end button; solo viewing does not. */
  room: boolean;
  playing: boolean;
  terminated: boolean;
  position: number;
  duration: number;
  rate: number;
  confirmingTerminate: boolean;
  error: string | null;
  actions: readonly TimedAction[];
  model: RoomModel | null;
  send(event: HostEvent): void;
}

/** The seek bar never gets narrower than this (issue 9, item 13: it was ~25 px on a phone). */
const SEEK_MIN_WIDTH = 200;

const LIVE_KINDS: readonly LiveActionKind[] = ['chapter', 'telop', 'discuss', 'vote'];
const isLiveKind = (kind: string): kind is LiveActionKind =>
  (LIVE_KINDS as readonly string[]).includes(kind);

/** Whether the room shows this timed action live now. */
const isLive = (model: RoomModel | null, action: TimedAction & { action: LiveActionKind }) => {
  const live = model?.[action.action];
  return !!live && JSON.stringify(live.timedAction) === JSON.stringify(action);
};

/** True when the key press belongs to a text field or a control that uses the key itself. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'slider');

/** The host's controls: they move the whole room (through the host machine). */
export function HostControls(props: HostControlsProps) {
  const { t } = useTranslation('watch');
  const portalTarget = usePortalTarget();
  const { send, playing, terminated, position, duration } = props;
  const [dragging, setDragging] = useState<number | null>(null);
  const toggle = toggleLabel(playing, position, duration);

  // Space toggles play, arrows skip — for the host only, and not while typing.
  useEffect(() => {
    if (terminated) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      if (e.key === ' ' && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        send({ type: 'playback.toggle' });
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        send({ type: 'playback.skip', by: -SKIP_SECONDS });
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        send({ type: 'playback.skip', by: SKIP_SECONDS });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [send, terminated]);

  const pushable = props.actions.filter((a): a is TimedAction & { action: LiveActionKind } =>
    isLiveKind(a.action),
  );

  return (
    <Paper withBorder p="sm" radius="md" aria-label={t('host.label')} component="section">
      <Stack gap="xs">
        {/* Wraps on a phone: the seek bar takes its own row rather than shrinking to a sliver. */}
        <Group gap="xs" wrap="wrap">
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('host.back', { seconds: SKIP_SECONDS })}
            disabled={terminated}
            onClick={() => send({ type: 'playback.skip', by: -SKIP_SECONDS })}
          >
            −{SKIP_SECONDS}
          </ActionIcon>
          <Button
            miw={96}
            disabled={terminated}
            onClick={() =>
              send({ type: toggle === 'replay' ? 'playback.replay' : 'playback.toggle' })
            }
            data-testid="host-toggle"
          >
            {t(`host.${toggle}`)}
          </Button>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('host.forward', { seconds: SKIP_SECONDS })}
            disabled={terminated}
            onClick={() => send({ type: 'playback.skip', by: SKIP_SECONDS })}
          >
            +{SKIP_SECONDS}
          </ActionIcon>
          <Text size="sm" ff="monospace" miw={96} ta="center" aria-live="off">
            {formatPosition(dragging ?? position)} / {formatPosition(duration)}
          </Text>
          <Slider
            style={{ flex: '1 1 200px' }}
            miw={SEEK_MIN_WIDTH}
            min={0}
            max={Math.max(1, duration)}
            step={1}
            value={dragging ?? Math.min(position, duration)}
            onChange={setDragging}
            onChangeEnd={(to) => {
              setDragging(null);
              send({ type: 'playback.seek', to });
            }}
            label={(v) => formatPosition(v)}
            disabled={terminated}
            thumbLabel={t('host.seek')}
          />
        </Group>
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            <Text size="sm" id="host-rate-label">
              {t('host.speed')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="host-rate-label"
              disabled={terminated}
              value={String(props.rate)}
              onChange={(v) => send({ type: 'playback.rate', rate: Number(v) })}
              data={HOST_RATES.map((r) => ({ value: String(r), label: `${r}×` }))}
            />
          </Group>
          {props.room && (
            <Group gap={6}>
              <Menu position="bottom-end" withinPortal portalProps={{ target: portalTarget }}>
                <Menu.Target>
                  <Button size="xs" variant="light" disabled={terminated || pushable.length === 0}>
                    {t('host.push')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {pushable.map((action, i) => {
                    const live = isLive(props.model, action);
                    return (
                      <Menu.Item
                        key={i}
                        onClick={() =>
                          send({
                            type: 'action.push',
                            kind: action.action,
                            timedAction: action,
                            active: !live,
                          })
                        }
                      >
                        {t(live ? 'host.hideAction' : 'host.showAction', {
                          kind: t(`kind.${action.action}`),
                          name: action.params.title ?? action.params.name ?? '',
                        })}
                      </Menu.Item>
                    );
                  })}
                </Menu.Dropdown>
              </Menu>
              <Button
                size="xs"
                color="red"
                variant="light"
                disabled={terminated}
                onClick={() => send({ type: 'room.terminate' })}
              >
                {t('host.terminate')}
              </Button>
            </Group>
          )}
        </Group>
        {props.error && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            closeButtonLabel={t('host.dismiss')}
            onClose={() => send({ type: 'error.dismiss' })}
          >
            {t(`host.error.${props.error === 'forbidden' ? 'forbidden' : 'failed'}`)}
          </Alert>
        )}
      </Stack>
      <Modal
        portalProps={{ target: portalTarget }}
        opened={props.confirmingTerminate}
        onClose={() => send({ type: 'terminate.cancel' })}
        title={t('host.terminateTitle')}
        centered
      >
        <Text size="sm">{t('host.terminateMessage')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => send({ type: 'terminate.cancel' })}>
            {t('host.cancel')}
          </Button>
          <Button color="red" onClick={() => send({ type: 'terminate.confirm' })} data-autofocus>
            {t('host.terminateConfirm')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
