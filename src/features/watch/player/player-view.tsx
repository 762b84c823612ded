import { ActionIcon, Box, Button, Center, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Video } from '@/contracts/entities';
import type { Overlays } from '../session/overlays';

export interface PlayerViewProps {
  /** Where the video plays: the page's `<video>` (HLS) or a YouTube IFrame player. */
  surface: 'video' | 'youtube';
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The YouTube player's container (its iframe is put in it by `useYouTubePlayer`). */
  youtubeRef: RefObject<HTMLDivElement | null>;
  video: Video;
  /** Player width as a percentage of the column (the size preference). */
  sizeRate: number;
  overlays: Overlays;
  loading: boolean;
  error: string | null;
  /** Shown over the video until the viewer has joined (the join tap). */
  gate: ReactNode;
  mutedFallback: boolean;
  onUnmute(): void;
  /** The full-screen button (null: the browser cannot put the page's stage full screen). */
  fullscreen: { active: boolean; onToggle(): void } | null;
}

/** Four corners pointing out (enter) or in (leave); drawn, so no icon font is needed. */
function FullscreenIcon({ active }: { active: boolean }) {
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
      {active ? (
        <path d="M9 3v6H3M15 3v6h6M9 21v-6H3M15 21v-6h6" />
      ) : (
        <path d="M3 9V3h6M21 9V3h-6M3 15v6h6M21 15v6h-6" />
      )}
    </svg>
  );
}

/** The `<video>` with its captions, or the YouTube player, and the on-video overlays (chapter, telop, image). */
export function PlayerView({
  surface,
  videoRef,
  youtubeRef,
  video,
  sizeRate,
  overlays,
  loading,
  error,
  gate,
  mutedFallback,
  onUnmute,
  fullscreen,
}: PlayerViewProps) {
  const { t } = useTranslation('watch');
  const captions = video.captionFile ?? {};
  // Full screen, the video takes the height the controls under it leave (letterboxed); the size
  // preference is for the page.
  const fill = fullscreen?.active === true;
  return (
    <Box
      pos="relative"
      w={fill ? '100%' : `${Math.min(100, sizeRate)}%`}
      mx="auto"
      bg="black"
      style={fill ? { flex: '1 1 0', minHeight: '40vh' } : { aspectRatio: '16 / 9' }}
    >
      {surface === 'youtube' ? (
        <>
          <Box
            ref={youtubeRef}
            data-testid="watch-youtube"
            w="100%"
            h="100%"
            style={{ display: 'block' }}
          />
          {/* The room moves the video: a click on the iframe would pause or seek it on its own. */}
          <Box pos="absolute" inset={0} aria-hidden="true" />
        </>
      ) : (
        <video
          ref={videoRef}
          data-testid="watch-video"
          playsInline
          preload="auto"
          aria-label={t('player.label', { title: video.title })}
          style={{ width: '100%', height: '100%', display: 'block' }}
        >
          {captions.ja && (
            <track kind="subtitles" srcLang="ja" label={t('captions.ja')} src={captions.ja} />
          )}
          {captions.en && (
            <track kind="subtitles" srcLang="en" label={t('captions.en')} src={captions.en} />
          )}
        </video>
      )}

      {overlays.chapter && (
        <Box
          pos="absolute"
          top={0}
          left={0}
          right={0}
          px="md"
          py={6}
          bg="rgba(0,0,0,0.55)"
          c="white"
          data-testid="overlay-chapter"
        >
          <Text size="sm" fw={600}>
            {t('overlay.chapter', { name: overlays.chapter.params.name ?? '' })}
          </Text>
        </Box>
      )}

      {overlays.images.map(({ key, action }) => (
        <Box key={key} pos="absolute" top="14%" right="3%" w="32%" data-testid="overlay-image">
          <Image
            src={action.params.image}
            alt={action.params.name ?? t('overlay.image')}
            radius="sm"
            style={{ boxShadow: '0 2px 12px rgba(0,0,0,0.5)' }}
          />
        </Box>
      ))}

      {overlays.telops.length > 0 && (
        <Stack
          pos="absolute"
          left="4%"
          right="4%"
          bottom="16%"
          gap={6}
          role="status"
          aria-live="polite"
        >
          {overlays.telops.map(({ key, action }) => (
            <Paper
              key={key}
              px="md"
              py={6}
              bg="rgba(20,40,90,0.85)"
              c="white"
              radius="sm"
              data-testid="overlay-telop"
            >
              {action.params.title && (
                <Text size="md" fw={700}>
                  {action.params.title}
                </Text>
              )}
              {action.params.name && <Text size="sm">{action.params.name}</Text>}
            </Paper>
          ))}
        </Stack>
      )}

      {(loading || error) && (
        <Center pos="absolute" inset={0} c="white">
          {error ? (
            <Text role="alert">{t('player.error')}</Text>
          ) : (
            <Loader color="white" aria-label={t('player.loading')} />
          )}
        </Center>
      )}

      {gate && (
        <Center pos="absolute" inset={0} bg="rgba(0,0,0,0.6)">
          {gate}
        </Center>
      )}

      {fullscreen && !gate && (
        <ActionIcon
          pos="absolute"
          bottom={12}
          right={12}
          size="lg"
          variant="filled"
          color="dark"
          style={{ opacity: 0.85 }}
          aria-label={
            fullscreen.active ? t('player.fullscreen.exit') : t('player.fullscreen.enter')
          }
          onClick={fullscreen.onToggle}
          data-testid="fullscreen-toggle"
        >
          <FullscreenIcon active={fullscreen.active} />
        </ActionIcon>
      )}

      {mutedFallback && (
        <Button
          pos="absolute"
          bottom={12}
          left={12}
          size="sm"
          onClick={onUnmute}
          data-testid="unmute"
        >
          {t('player.unmute')}
        </Button>
      )}
    </Box>
  );
}
