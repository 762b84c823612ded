import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lang, Me, Session, Stream, Video } from '@/contracts/entities';
import { createSoloRoom } from '@/engine';
import { createHubTransport } from '@/features/rooms';
import { isApiError } from '@/lib/api-errors';
import { useOnline } from '@/lib/use-online';
import { joinSession, leaveSession, leaveSessionOnUnload } from '../api/join-session';
import { postStreamCommand } from '../api/post-stream-command';
import { useFullscreenOffer } from '../player/use-fullscreen-offer';
import { useWatchPlayer } from '../player/use-watch-player';
import { usePreferences } from '../use-preferences';
import { useObservable } from '../use-observable';
import type { WatchQuery } from '../watch-query';
import type { HostEvent } from '../host/host-machine';
import { browserScheduler } from './browser-scheduler';
import { useDebugSyncHook } from './use-debug-sync';
import { useRoomFeed } from './use-room-feed';
import { useSoloResume } from './solo-resume';
import { useWatchClock } from './use-watch-clock';
import { createWatchSession, type WatchSession, type WatchSessionState } from './watch-session';

/** The solo room's id: unique per session, never sent to a server. */
const soloStreamId = (sessionId: string): string => `solo-${sessionId}`.slice(0, 64);

const BEFORE_SESSION: WatchSessionState = {
  status: 'connecting',
  connection: 'connecting',
  join: 'waiting',
  host: null,
  mutedFallback: false,
};

/**
 * The watch page's one room hook (tldraw's useSync shape): builds the framework-free watch
 * session (watch-session.ts) in an effect, closes it on unmount, and hands its state union to the
 * page untouched. Beside it, what the page places around the room: the player the session
 * drives, the clock and its moments, where a solo viewer left off, preferences and full screen.
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
  const [prefs, updatePrefs] = usePreferences();
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const updatePrefsRef = useRef(updatePrefs);
  updatePrefsRef.current = updatePrefs;
  const [watch, setWatch] = useState<WatchSession | null>(null);

  useEffect(() => {
    const join = async () => {
      try {
        return await joinSession(session.id, streamId);
      } catch (error) {
        // Watching alone with no network (a downloaded archive, issue 13): the join activity
        // cannot be recorded, and nothing else needs the server.
        if (solo && isApiError(error) && error.code === 'network' && !navigator.onLine) {
          return Date.now();
        }
        throw error;
      }
    };
    const next = streamId
      ? createWatchSession({
          source: { type: 'room', streamId, role: isHost ? 'host' : 'follower' },
          // The server's realtime backend: its /ws hub, or Firestore (REALTIME_BACKEND).
          transport: createHubTransport(browserScheduler),
          postCommand: postStreamCommand,
          scheduler: browserScheduler,
          join,
        })
      : createWatchSession({
          source: {
            type: 'solo',
            streamId: soloStreamId(session.id),
            playSpeed: () => prefsRef.current.playSpeed,
            rememberSpeed: (playSpeed) => updatePrefsRef.current({ playSpeed }),
          },
          ...createSoloRoom({
            streamId: soloStreamId(session.id),
            userId: me._id,
            scheduler: browserScheduler,
          }),
          scheduler: browserScheduler,
          join,
        });
    setWatch(next);
    // A tab coming back re-measures the clock at once (timers were throttled while hidden).
    const onVisible = () => {
      if (document.visibilityState === 'visible') next.room.client.visible();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      next.close();
      setWatch(null);
    };
  }, [session.id, streamId, isHost, solo, me._id]);

  const state = useObservable(watch?.state$ ?? null, BEFORE_SESSION);
  const room = watch?.room ?? null;
  const joined = state.join === 'watching';
  const model = 'model' in state ? state.model : null;
  useLeaveWhenGone(joined, session.id, streamId);
  const online = useOnline();
  useEffect(() => {
    if (online) room?.client.visible();
  }, [online, room]);
  useDebugSyncHook(query.debugSync, room);
  useRoomFeed(room, session.id, streamId, lang);

  const player = useWatchPlayer({
    room,
    video,
    prefs,
    lowParam: query.low,
    roomQuality: stream?.settings.videoQuality ?? null,
    label: playerLabel,
    mutedFallback: state.mutedFallback,
  });
  const clock = useWatchClock({ room, model, player: player.player.player, video, solo, joined });
  const resume = useSoloResume({
    enabled: solo,
    joined,
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
    joined,
    remember: rememberFullscreen,
  });
  /** The viewer's tap on the join gate; `from`: where a solo viewer starts. */
  const tap = useCallback((from?: number) => watch?.tap(from), [watch]);
  const host = useCallback((event: HostEvent) => watch?.host(event), [watch]);
  return {
    state,
    room,
    model,
    terminated: model?.terminated ?? false,
    tap,
    host,
    online,
    /** The connection as an indicator reads it: `closed` while this device is offline. */
    transport: online && state.connection !== 'versionMismatch' ? state.connection : 'closed',
    solo,
    streamId,
    isHost,
    joined,
    prefs,
    updatePrefs,
    ...player,
    ...clock,
    resumeAt: solo ? resume.at : null,
    stage,
  };
}

/** Records leaving the room when the page goes (a keepalive request if it is being unloaded). */
function useLeaveWhenGone(joined: boolean, sessionId: string, streamId: string | null) {
  useEffect(() => {
    if (!joined) return;
    const onHide = () => leaveSessionOnUnload(sessionId, streamId);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      void leaveSession(sessionId, streamId).catch(() => undefined);
    };
  }, [joined, sessionId, streamId]);
}
