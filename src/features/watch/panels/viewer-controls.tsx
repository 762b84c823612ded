import { ActionIcon, Group, Select, Slider, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerPreferences, Video } from '@/contracts/entities';
import { usePortalTarget } from '../player/use-fullscreen';

export interface ViewerControlsProps {
  prefs: PlayerPreferences;
  video: Video;
  /**
   * The source offers more than one rendition. When it offers only one (or the browser plays HLS
   * itself), automatic is the only quality and the option is hidden (spec: "video quality option
   * hidden when auto-only").
   */
  qualityChoosable: boolean;
  /**
   * The video's caption files can be shown (a `<video>`). A YouTube video shows its own
   * captions in its player, so the option is hidden there.
   */
  captionsChoosable: boolean;
  update(change: Partial<PlayerPreferences>): void;
}

const SIZES = [50, 75, 100];

/** A speaker, struck through when muted (drawn, so it needs no icon font or emoji font). */
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M11 5 6 9H3v6h3l5 4V5z" fill="currentColor" />
      {muted ? (
        <path d="m16 9 6 6m0-6-6 6" />
      ) : (
        <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
      )}
    </svg>
  );
}

/** What stays the viewer's own in a room: sound, captions, player size and quality. */
function ViewerControlsView({
  prefs,
  video,
  qualityChoosable,
  captionsChoosable,
  update,
}: ViewerControlsProps) {
  const { t } = useTranslation('watch');
  const comboboxProps = { portalProps: { target: usePortalTarget() } };
  const captionOptions = [
    ...(video.captionFile?.ja ? [{ value: 'ja', label: t('captions.ja') }] : []),
    ...(video.captionFile?.en ? [{ value: 'en', label: t('captions.en') }] : []),
    { value: 'off', label: t('captions.off') },
  ];
  return (
    <Group gap="md" wrap="wrap" aria-label={t('viewer.label')} role="group">
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={prefs.muted ? t('viewer.unmute') : t('viewer.mute')}
          aria-pressed={prefs.muted}
          onClick={() => update({ muted: !prefs.muted })}
        >
          <SpeakerIcon muted={prefs.muted} />
        </ActionIcon>
        <Slider
          w={110}
          min={0}
          max={1}
          step={0.05}
          value={prefs.volume}
          onChange={(volume) => update({ volume })}
          label={(v) => `${Math.round(v * 100)}%`}
          thumbLabel={t('viewer.volume')}
        />
      </Group>
      {captionsChoosable && (
        <Select
          w={140}
          size="xs"
          label={t('viewer.captions')}
          value={prefs.subtitleLang}
          data={captionOptions}
          allowDeselect={false}
          comboboxProps={comboboxProps}
          onChange={(v) => {
            if (v === 'ja' || v === 'en' || v === 'off') update({ subtitleLang: v });
          }}
        />
      )}
      <Select
        w={110}
        size="xs"
        label={t('viewer.size')}
        value={String(prefs.sizeRate)}
        data={SIZES.map((s) => ({ value: String(s), label: `${s}%` }))}
        allowDeselect={false}
        comboboxProps={comboboxProps}
        onChange={(v) => v && update({ sizeRate: Number(v) })}
      />
      {qualityChoosable && (
        <Select
          w={130}
          size="xs"
          label={t('viewer.quality')}
          value={prefs.videoQuality}
          data={(['low', 'normal', 'high'] as const).map((q) => ({
            value: q,
            label: t(`quality.${q}`),
          }))}
          allowDeselect={false}
          comboboxProps={comboboxProps}
          onChange={(v) => {
            if (v === 'low' || v === 'normal' || v === 'high') update({ videoQuality: v });
          }}
        />
      )}
      <Text size="xs" c="dimmed" maw={220}>
        {t('viewer.lockedHint')}
      </Text>
    </Group>
  );
}

/** Memoized: the watch page re-renders with the room's clock; this only when its props change. */
export const ViewerControls = memo(ViewerControlsView);
