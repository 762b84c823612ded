import { useCallback } from 'react';
import type { Lang, Me, Session, Stream, Video } from '@/contracts/entities';
import { useHostCommands } from '../host/use-host-commands';
import { useFullscreenOffer } from '../player/use-fullscreen-offer';
import { useWatchPlayer } from '../player/use-watch-player';
import { useSoloResume } from './solo-resume';
import { usePreferences } from '../use-preferences';
import type { WatchQuery } from '../watch-query';
import { useJoin } from './use-join';
import { useRoomSession } from './use-room-session';
import { useWatchClock } from './use-watch-clock';

/**
 * Everything the watch page shows, for its layout to place: the room (useRoomSession), the player
 * it drives, joining, the host's commands, the clock and its moments, where a solo viewer left
 * off, and full screen. The only hook the page calls for the room.
 */
export function useWatchSession({
  session,
  stream,
  me,
  video,
  query,
  lang,
  playerLabel,
}: {
  session: Session;
  stream: Stream | null;
  me: Me;
  video: Video | null;
  query: WatchQuery;
  lang: Lang;
  playerLabel: string;
}) {
  const solo = stream === null;
  const streamId = stream?.id ?? null;
  const isHost = solo || stream.hostUserId === me._id;
  const roomSession = useRoomSession({
    sessionId: session.id,
    streamId,
    userId: me._id,
    isHost,
    lang,
    debugSync: query.debugSync,
  });
  const { room, model } = roomSession;
  const [prefs, updatePrefs] = usePreferences();
  const player = useWatchPlayer({
    room,
    video,
    prefs,
    lowParam: query.low,
    roomQuality: stream?.settings.videoQuality ?? null,
    label: playerLabel,
  });
  const join = useJoin({ sessionId: session.id, streamId, room, playSpeed: () => prefs.playSpeed });
  const rememberSpeed = useCallback(
    (playSpeed: number) => updatePrefs({ playSpeed }),
    [updatePrefs],
  );
  const [hostState, hostSend] = useHostCommands({ room, solo, rememberSpeed });
  const clock = useWatchClock({
    room,
    model,
    player: player.player.player,
    video,
    solo,
    joined: join.joined,
  });
  const resume = useSoloResume({
    enabled: solo,
    joined: join.joined,
    playing: clock.now.playing,
    userId: me._id,
    sessionId: session.id,
    position: clock.now.position,
    duration: video?.duration ?? 0,
  });
  const rememberFullscreen = useCallback(
    (fullscreen: boolean) => updatePrefs({ fullscreen }),
    [updatePrefs],
  );
  const stage = useFullscreenOffer({
    remembered: prefs.fullscreen,
    joined: join.joined,
    remember: rememberFullscreen,
  });
  return {
    ...roomSession,
    solo,
    streamId,
    isHost,
    terminated: model?.terminated ?? false,
    prefs,
    updatePrefs,
    ...player,
    join,
    host: { state: hostState, send: hostSend },
    ...clock,
    resumeAt: solo ? resume.at : null,
    stage,
  };
}
