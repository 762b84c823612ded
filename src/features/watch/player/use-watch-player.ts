import { useEffect, useMemo, useRef } from 'react';
import type { PlayerPreferences, Video } from '@/contracts/entities';
import type { WatchRoom } from '../session/watch-room';
import { playbackSource } from './playback-source';
import { chooseQuality } from './quality';
import { useCaptionMode } from './use-captions';
import { usePlayer, type PlayerState } from './use-player';
import { useYouTubePlayer } from './use-youtube-player';

/**
 * The page's player: an HLS playlist in the page's <video>, a YouTube video in the IFrame player
 * (issue 14), or an error for a source neither can play; handed to the room, which drives it.
 * Volume and mute follow the preferences unless the room had to start muted (autoplay policy).
 */
export function useWatchPlayer({
  room,
  video,
  prefs,
  lowParam,
  roomQuality,
  label,
  mutedFallback,
}: {
  room: WatchRoom | null;
  video: Video | null;
  prefs: PlayerPreferences;
  lowParam: boolean;
  roomQuality: 'low' | 'high' | null;
  label: string;
  /** The room had to start muted: the preferences' sound waits for the viewer's tap. */
  mutedFallback: boolean;
}) {
  const quality = chooseQuality({ lowParam, preference: prefs.videoQuality, roomQuality });
  const media = useMemo(() => (video ? playbackSource(video) : null), [video]);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const youtubeRef = useRef<HTMLDivElement | null>(null);
  const hlsPlayer = usePlayer(videoRef, media?.kind === 'hls' ? media.url : null, quality);
  const youtubePlayer = useYouTubePlayer(
    youtubeRef,
    media?.kind === 'youtube' ? media.videoId : null,
    label,
  );
  const player: PlayerState & { renditions: number | null } =
    media?.kind === 'youtube'
      ? youtubePlayer
      : media?.kind === 'unplayable'
        ? { status: 'error', player: null, message: media.reason, renditions: null }
        : hlsPlayer;
  useCaptionMode(videoRef, prefs.subtitleLang);
  useEffect(() => room?.attachPlayer(player.player), [room, player.player]);
  useEffect(() => {
    const p = player.player;
    if (!p) return;
    p.setVolume(prefs.volume);
    if (!mutedFallback) p.setMuted(prefs.muted);
  }, [player.player, prefs.volume, prefs.muted, mutedFallback]);
  return { player, media, videoRef, youtubeRef };
}
