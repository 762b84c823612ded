import { useCallback, useMemo } from 'react';
import type { Video } from '@/contracts/entities';
import type { RoomModel } from '@/contracts/stream';
import { playbackAt } from '@/engine';
import { selectOverlays } from './overlays';
import type { VideoPlayer } from '../player/video-player';
import { useTicker } from '../use-ticker';
import type { WatchRoom } from './watch-room';

const UI_TICK_MS = 250;

/**
 * What moves with time, read four times a second: the position (a solo viewer's own player, or
 * the room's timeline), whether it plays and at what rate, and the timed moments on screen now.
 */
export function useWatchClock({
  room,
  model,
  player,
  video,
  solo,
  joined,
}: {
  room: WatchRoom | null;
  model: RoomModel | null;
  player: VideoPlayer | null;
  video: Video | null;
  solo: boolean;
  joined: boolean;
}) {
  const read = useCallback(() => {
    const serverNow = room?.client.serverNow() ?? Date.now();
    const m = room?.client.model() ?? null;
    const playback = m ? playbackAt(m, serverNow) : null;
    const position =
      solo && player && joined ? player.currentTime() : (room?.expectedPosition() ?? 0);
    return {
      // To the second: only the participants' 12-hour and report-age rules read it, and a
      // paused page then re-renders once a second rather than at every read.
      serverNow: Math.floor(serverNow / 1000) * 1000,
      position,
      playing: !!playback && !m?.terminated && playback.status === 'playing',
      rate: playback?.playbackRate ?? 1,
      duration: video?.duration ?? (player?.duration() || 0),
    };
  }, [room, solo, player, joined, video?.duration]);
  const now = useTicker(read, UI_TICK_MS);
  const overlays = useMemo(
    () =>
      selectOverlays(
        video?.actions ?? [],
        now.position,
        solo ? null : model,
        !solo && (model?.terminated ?? false),
      ),
    [video?.actions, now.position, solo, model],
  );
  return { now, overlays };
}
