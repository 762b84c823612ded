import { Badge, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioVideo } from '@/contracts/api/studio';
import type { TimedAction } from '@/contracts/entities';
import { loadSource, selectOverlays } from '@/features/watch';

/**
 * The studio's player: the video's playlist through the watch page's own source loader, and
 * under it what the class sees at the playhead, selected by the watch page's own overlay
 * selection over the engine timeline (so the preview cannot disagree with the lesson).
 */
export function StudioPlayer({
  video,
  actions,
  onTime,
  onDuration,
  seekRef,
}: {
  video: StudioVideo;
  actions?: readonly TimedAction[];
  onTime: (seconds: number) => void;
  onDuration: (seconds: number) => void;
  seekRef: MutableRefObject<(to: number) => void>;
}) {
  const { t } = useTranslation('studio');
  const ref = useRef<HTMLVideoElement>(null);
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || !video.videoId) return;
    let destroyed = false;
    let destroy: (() => void) | null = null;
    setFailed(false);
    loadSource(el, video.videoId, 'auto', () => setFailed(true))
      .then((s) => {
        if (destroyed) s.destroy();
        else destroy = () => s.destroy();
      })
      .catch(() => setFailed(true));
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [video.videoId]);

  useEffect(() => {
    seekRef.current = (to: number) => {
      if (ref.current) ref.current.currentTime = to;
    };
  }, [seekRef]);

  const overlays = useMemo(
    () => selectOverlays(actions ?? video.actions, position, null),
    [actions, video.actions, position],
  );

  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        bg="black"
        style={{ aspectRatio: '16 / 9', borderRadius: 8, overflow: 'hidden' }}
      >
        <video
          ref={ref}
          controls
          playsInline
          crossOrigin="anonymous"
          poster={video.poster ?? undefined}
          aria-label={t('player.label')}
          style={{ width: '100%', height: '100%' }}
          data-testid="studio-video"
          onTimeUpdate={(e) => {
            setPosition(e.currentTarget.currentTime);
            onTime(e.currentTarget.currentTime);
          }}
          onSeeked={(e) => {
            setPosition(e.currentTarget.currentTime);
            onTime(e.currentTarget.currentTime);
          }}
          onLoadedMetadata={(e) => {
            if (Number.isFinite(e.currentTarget.duration)) onDuration(e.currentTarget.duration);
          }}
        >
          {(['ja', 'en'] as const).map((lang) =>
            video.captionFile[lang] ? (
              <track
                key={lang}
                kind="subtitles"
                srcLang={lang}
                label={t(`captions.lang.${lang}`)}
                src={video.captionFile[lang]}
                default={lang === 'ja'}
              />
            ) : null,
          )}
        </video>
      </Box>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {t('player.failed')}
        </Text>
      )}
      <Paper withBorder p="xs" radius="md" aria-live="polite" data-testid="studio-preview">
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {t('player.preview')}
          </Text>
          {overlays.chapter && (
            <Badge variant="light" data-testid="preview-chapter">
              {t('player.chapter', { name: overlays.chapter.params.name ?? '' })}
            </Badge>
          )}
          {overlays.telops.map((telop) => (
            <Badge key={telop.key} variant="outline" color="gray">
              {telop.action.params.title ?? telop.action.params.name}
            </Badge>
          ))}
          {overlays.images.map((img) => (
            <Image key={img.key} src={img.action.params.image} alt="" h={32} w="auto" />
          ))}
          {overlays.discuss && (
            <Badge color="yellow" variant="light">
              {t('player.discuss', { name: overlays.discuss.action.params.name ?? '' })}
            </Badge>
          )}
          {overlays.vote && (
            <Badge color="grape" variant="light" data-testid="preview-vote">
              {t('player.vote', {
                name: overlays.vote.action.params.name ?? '',
                choices: overlays.vote.choices.join(' / '),
              })}
            </Badge>
          )}
          {overlays.prompts.map((p) => (
            <Badge key={p.key} color="teal" variant="light">
              {t(`kind.${p.kind}`)}
            </Badge>
          ))}
          {!overlays.chapter &&
            overlays.telops.length === 0 &&
            overlays.images.length === 0 &&
            !overlays.discuss &&
            !overlays.vote &&
            overlays.prompts.length === 0 && (
              <Text size="sm" c="gray.7">
                {t('player.nothing')}
              </Text>
            )}
        </Group>
      </Paper>
    </Stack>
  );
}
