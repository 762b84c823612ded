import { Alert, Badge, em, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { isStaffRole, type Me, type Session, type Stream } from '@/contracts/entities';
import { BREAKPOINTS } from '@/contracts/constants';
import { downloadableVideo, sessionVideo } from '@/contracts/video-choice';
import type { RoomModel } from '@/contracts/stream';
import { playbackAt } from '@/engine';
import { useMe } from '@/features/auth';
import { DownloadButton } from '@/features/downloads';
import { useSessionLive } from '@/features/rooms';
import { isApiError } from '@/lib/api-errors';
import { useSoloResume } from './solo-resume';
import { FullscreenOffer } from './fullscreen-offer';
import { GuestTimeNote } from './guest-time-note';
import { joinSession, leaveSession, leaveSessionOnUnload } from './api/join-session';
import { useSessionUsers } from './api/get-session-users';
import { CommentsPanel } from './comments-panel';
import { HostControls } from './host-controls';
import { hostMachine } from './host-machine';
import { JoinGate } from './join-gate';
import { joinMachine } from './join-machine';
import { MomentsDock } from './moments-dock';
import { selectOverlays } from './overlays';
import { leftBetween, mergeParticipants } from './participants';
import { ParticipantsPanel } from './participants-panel';
import { shouldOfferFullscreen } from './player/fullscreen';
import { chooseQuality } from './player/quality';
import { useCaptionMode } from './player/use-captions';
import { playbackSource } from './player/playback-source';
import { FullscreenStageContext, useFullscreen } from './player/use-fullscreen';
import { usePlayer, type PlayerState } from './player/use-player';
import { useYouTubePlayer } from './player/use-youtube-player';
import { PlayerView } from './player-view';
import { FollowerSyncIndicator } from './sync-indicator';
import { useDebugSyncHook } from './use-debug-sync';
import { useObservable } from './use-observable';
import { useOnline } from '@/lib/use-online';
import { usePreferences } from './use-preferences';
import { useRoomFeed } from './use-room-feed';
import { useTicker } from './use-ticker';
import { ViewerControls } from './viewer-controls';
import { useWatchRoom, type RoomSource } from './use-watch-room';
import type { WatchLoaderData } from './watch-loader';
import { parseWatchQuery } from './watch-query';
import type { WatchRoom } from './watch-room';
import { pageTitle } from '@/lib/page-title';

const isWatchData = (value: unknown): value is WatchLoaderData =>
  typeof value === 'object' && value !== null && 'session' in value && 'stream' in value;

/** `/session/:sessionId/watch/` and `/sessions/:sessionId/watch`. */
export function WatchPage() {
  const data = useLoaderData();
  const me = useMe().data;
  if (!isWatchData(data) || !me) return <Loader mx="auto" display="block" />;
  return <WatchRoomPage key={`${data.session.id}:${data.stream?.id ?? ''}`} {...data} me={me} />;
}

const UI_TICK_MS = 250;

/**
 * The stage (video and the controls under it) full screen: the page's own background, the video
 * taking the height left (never under 40 % of the screen), the rest scrolling if it must.
 */
const FULLSCREEN_STAGE_STYLE = {
  background: 'var(--mantine-color-body)',
  padding: 'var(--mantine-spacing-md)',
  overflowY: 'auto',
} as const;

function WatchRoomPage({
  session,
  stream,
  me,
}: {
  session: Session;
  stream: Stream | null;
  me: Me;
}) {
  const { t, i18n } = useTranslation('watch');
  const [search] = useSearchParams();
  const query = useMemo(() => parseWatchQuery(search), [search]);
  // LIVE while the session is live, ARCHIVE after, ARCHIVE_LOW for low=true (issue 14).
  const video = useMemo(() => sessionVideo(session, { low: query.low }), [session, query.low]);
  const solo = stream === null;
  const isHost = solo || stream.hostUserId === me._id;
  const lang = stream?.lang ?? query.lang ?? me.lang;

  // The title in the reader's language, like the session page (issue 9, item 15).
  const uiTitle = (i18n.language === 'en' ? session.en?.title : session.ja?.title) || session.title;
  useEffect(() => {
    document.title = pageTitle(uiTitle);
  }, [uiTitle]);

  // --- the room (engine) -------------------------------------------------------------------
  const source = useMemo<RoomSource>(
    () =>
      stream
        ? { type: 'room', streamId: stream.id, role: isHost ? 'host' : 'follower' }
        : { type: 'solo', sessionId: session.id, userId: me._id },
    [stream, isHost, session.id, me._id],
  );
  const roomState = useWatchRoom(source);
  const room = roomState.status === 'idle' ? null : roomState.room;
  const model =
    roomState.status === 'live' || roomState.status === 'reconnecting' ? roomState.model : null;
  const online = useOnline();
  const socketStatus = roomState.status === 'idle' ? 'connecting' : roomState.connection;
  const transport = online && socketStatus !== 'versionMismatch' ? socketStatus : 'closed';
  // Back online: measure the clock again at once rather than at the next scheduled ping.
  useEffect(() => {
    if (online) room?.client.visible();
  }, [online, room]);
  const roomRef = useRef<WatchRoom | null>(room);
  roomRef.current = room;
  useDebugSyncHook(query.debugSync, room);
  useRoomFeed(room, session.id, stream?.id ?? null, lang);

  // --- the player -----------------------------------------------------------------------------
  const [prefs, updatePrefs] = usePreferences();
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const quality = chooseQuality({
    lowParam: query.low,
    preference: prefs.videoQuality,
    roomQuality: stream?.settings.videoQuality ?? null,
  });
  // An HLS playlist plays in the page's <video>; a YouTube video in the IFrame player (issue 14).
  const media = useMemo(() => (video ? playbackSource(video) : null), [video]);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const youtubeRef = useRef<HTMLDivElement | null>(null);
  const hlsPlayer = usePlayer(videoRef, media?.kind === 'hls' ? media.url : null, quality);
  const youtubePlayer = useYouTubePlayer(
    youtubeRef,
    media?.kind === 'youtube' ? media.videoId : null,
    t('player.label', { title: video?.title ?? '' }),
  );
  const player: PlayerState & { renditions: number | null } =
    media?.kind === 'youtube'
      ? youtubePlayer
      : media?.kind === 'unplayable'
        ? { status: 'error', player: null, message: media.reason, renditions: null }
        : hlsPlayer;
  useCaptionMode(videoRef, prefs.subtitleLang);
  useEffect(() => room?.attachPlayer(player.player), [room, player.player]);
  const mutedFallback = useObservable(room?.mutedFallback$ ?? null, false);
  useEffect(() => {
    const p = player.player;
    if (!p) return;
    p.setVolume(prefs.volume);
    if (!mutedFallback) p.setMuted(prefs.muted);
  }, [player.player, prefs.volume, prefs.muted, mutedFallback]);

  // --- joining (the tap that also satisfies the autoplay policy) ------------------------------
  // Watching alone, the tap also says where to start (0, or where the pupil left it last time).
  const startFrom = useRef(0);
  const joinLogic = useMemo(
    () =>
      joinMachine.provide({
        actors: {
          join: fromPromise(async () => {
            try {
              return await joinSession(session.id, stream?.id ?? null);
            } catch (error) {
              // Watching alone with no network (a downloaded archive, issue 13): the join
              // activity cannot be recorded, and nothing else needs the server.
              const offline = isApiError(error) && error.code === 'network' && !navigator.onLine;
              if (solo && offline) return Date.now();
              throw error;
            }
          }),
        },
        actions: {
          startPlayback: () => {
            const r = roomRef.current;
            r?.start();
            if (!r || !solo) return;
            // Solo viewing starts at the viewer's remembered speed, and plays at once: the tap
            // is the one the pupil makes (issue 24: it took a second tap on play).
            const speed = prefsRef.current.playSpeed;
            if (speed !== 1) void r.send({ type: 'rateChange', rate: speed });
            void r.send({ type: 'play', from: startFrom.current });
          },
        },
      }),
    [session.id, stream?.id, solo],
  );
  const [joinState, joinSend] = useMachine(joinLogic);
  const joined = joinState.matches('watching');
  useEffect(() => {
    if (joined) room?.start();
  }, [joined, room]);
  useEffect(() => {
    if (!joined) return;
    const streamId = stream?.id ?? null;
    const onHide = () => leaveSessionOnUnload(session.id, streamId);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      void leaveSession(session.id, streamId).catch(() => undefined);
    };
  }, [joined, session.id, stream?.id]);

  // --- host controls --------------------------------------------------------------------------
  const hostLogic = useMemo(
    () =>
      hostMachine.provide({
        actions: {
          sendIntent: ({ self }, { request }) => {
            const r = roomRef.current;
            if (!r) return;
            void r.send(request).then((result) => {
              if (!result.ok) self.send({ type: 'command.failed', code: result.code });
              else if (solo && request.type === 'rateChange')
                updatePrefs({ playSpeed: request.rate });
            });
          },
        },
        guards: { roomPlaying: () => roomRef.current?.roomPlaying() ?? false },
      }),
    [solo, updatePrefs],
  );
  const [hostState, hostSend] = useMachine(hostLogic);

  // --- what moves with time -------------------------------------------------------------------
  const read = useCallback(() => {
    const serverNow = room?.client.serverNow() ?? Date.now();
    const m = room?.client.model() ?? null;
    const playback = m ? playbackAt(m, serverNow) : null;
    // Solo viewing follows the viewer's own player; a room follows the room's timeline.
    const position =
      solo && player.player && joined
        ? player.player.currentTime()
        : (room?.expectedPosition() ?? 0);
    return {
      // To the second: only the participants' 12-hour and report-age rules read it, and a
      // paused page then re-renders once a second rather than at every read.
      serverNow: Math.floor(serverNow / 1000) * 1000,
      position,
      playing: !!playback && !m?.terminated && playback.status === 'playing',
      rate: playback?.playbackRate ?? 1,
      duration: video?.duration ?? (player.player?.duration() || 0),
    };
  }, [room, solo, player.player, joined, video?.duration]);
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

  // --- participants ---------------------------------------------------------------------------
  const users = useSessionUsers(session.id, stream?.id ?? null);
  // Session-wide activity (solo comments, ballots, joins) re-reads the panels; nothing polls.
  useSessionLive(session.id);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const previousParticipants = useRef<RoomModel['participants'] | null>(null);
  useEffect(() => {
    if (!model) return;
    const gone = leftBetween(previousParticipants.current, model.participants);
    previousParticipants.current = model.participants;
    if (gone.length > 0) setLeft((s) => new Set([...s, ...gone]));
  }, [model]);
  const participants = useMemo(
    () => mergeParticipants(users.data ?? [], solo ? null : model, now.serverNow, left),
    [users.data, solo, model, now.serverNow, left],
  );
  const statuses = useObservable(
    !solo && isHost && room ? room.client.participantStatus$ : null,
    {},
  );

  const wide = useMediaQuery(`(min-width: ${em(BREAKPOINTS.md)})`, true, {
    getInitialValueInEffect: false,
  });

  const resume = useSoloResume({
    enabled: solo,
    joined,
    playing: now.playing,
    userId: me._id,
    sessionId: session.id,
    position: now.position,
    duration: video?.duration ?? 0,
  });

  // --- full screen (the `fullscreen` preference: offered again, never forced) ----------------
  const stageRef = useRef<HTMLDivElement | null>(null);
  const rememberFullscreen = useCallback(
    (fullscreen: boolean) => updatePrefs({ fullscreen }),
    [updatePrefs],
  );
  const fullscreen = useFullscreen(stageRef, rememberFullscreen);
  const [fullscreenAnswered, setFullscreenAnswered] = useState(false);
  const offerFullscreen = shouldOfferFullscreen({
    remembered: prefs.fullscreen,
    supported: fullscreen.supported,
    joined,
    active: fullscreen.active,
    answered: fullscreenAnswered,
    busy: false,
  });

  if (!video) {
    return (
      <Alert color="gray" variant="light">
        {t('noVideo')}
      </Alert>
    );
  }

  const terminated = model?.terminated ?? false;
  const joinStep = joinState.matches('joining')
    ? 'joining'
    : joinState.matches('full')
      ? 'full'
      : joinState.matches('failed')
        ? 'failed'
        : 'waiting';
  const gate = joined ? null : (
    <JoinGate
      state={joinStep}
      kind={solo ? 'solo' : isHost ? 'host' : 'follower'}
      terminated={terminated}
      resumeAt={solo ? resume.at : null}
      onTap={(from) => {
        startFrom.current = from ?? 0;
        joinSend({ type: 'join.tap' });
      }}
    />
  );

  // Votes, discussions and prompts open beside the video on a wide screen and right under it on
  // a phone, so they are seen without scrolling (issue 9).
  const moments = (
    <MomentsDock
      sessionId={session.id}
      streamId={stream?.id ?? null}
      overlays={overlays}
      onRevealVote={
        !solo && isHost && overlays.vote
          ? () => {
              const vote = overlays.vote;
              if (!vote) return;
              hostSend({
                type: 'action.push',
                kind: 'vote',
                timedAction: vote.action,
                active: true,
                showResult: true,
              });
            }
          : undefined
      }
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {session.title}
          </Title>
          <Text size="sm" c="dimmed">
            {stream ? t('roomName', { name: stream.name }) : t('solo')}
          </Text>
        </Stack>
        <Group gap="xs">
          {solo && isStaffRole(me.role) && downloadableVideo(session) === video && (
            <DownloadButton session={session} lang={lang} />
          )}
          {!solo && <Badge variant="outline">{isHost ? t('role.host') : t('role.follower')}</Badge>}
          {!solo && !isHost && joined && room && (
            <FollowerSyncIndicator room={room} transport={transport} showDrift={query.debugSync} />
          )}
          {!solo && isHost && transport !== 'open' && (
            <Badge color="gray" variant="light" role="status">
              {t('sync.offline')}
            </Badge>
          )}
        </Group>
      </Group>

      {roomState.status === 'failed' && (
        <Alert color="red" variant="light" role="alert" data-testid="room-failed">
          <Text size="sm" c="dark.7">
            {t(`roomFailed.${roomState.reason}`)}
          </Text>
        </Alert>
      )}

      {!online && (
        <Alert color="orange" variant="light" role="status" data-testid="offline-notice">
          <Text size="sm" c="dark.7">
            {t('offline')}
          </Text>
        </Alert>
      )}

      {terminated && (
        <Alert color="gray" variant="light" role="status" data-testid="room-ended">
          {/* The host ended it themselves: not "the host has ended this room" (issue 24). */}
          {t(isHost ? 'terminatedByYou' : 'terminated')}
        </Alert>
      )}

      {offerFullscreen && (
        <FullscreenOffer
          onAccept={() => {
            setFullscreenAnswered(true);
            fullscreen.toggle();
          }}
          onDecline={() => {
            setFullscreenAnswered(true);
            updatePrefs({ fullscreen: false });
          }}
        />
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack
            gap="sm"
            ref={stageRef}
            style={fullscreen.active ? FULLSCREEN_STAGE_STYLE : undefined}
          >
            <FullscreenStageContext value={fullscreen.stage}>
              <PlayerView
                surface={media?.kind === 'youtube' ? 'youtube' : 'video'}
                videoRef={videoRef}
                youtubeRef={youtubeRef}
                video={video}
                sizeRate={prefs.sizeRate}
                overlays={overlays}
                loading={player.status === 'loading'}
                error={player.status === 'error' ? player.message : null}
                gate={gate}
                mutedFallback={mutedFallback}
                onUnmute={() => {
                  room?.unmute();
                  updatePrefs({ muted: false });
                }}
                fullscreen={
                  fullscreen.supported
                    ? { active: fullscreen.active, onToggle: fullscreen.toggle }
                    : null
                }
              />
              {/* Full screen, the moments come under the video, as on a phone. */}
              {(!wide || fullscreen.active) && moments}
              {isHost ? (
                <HostControls
                  room={!solo}
                  playing={now.playing}
                  terminated={terminated}
                  position={now.position}
                  duration={now.duration}
                  rate={now.rate}
                  confirmingTerminate={hostState.matches('confirmingTerminate')}
                  error={hostState.context.error}
                  actions={video.actions}
                  model={model}
                  send={hostSend}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('follower.locked')}
                </Text>
              )}
              <ViewerControls
                prefs={prefs}
                video={video}
                qualityChoosable={(player.renditions ?? 0) > 1}
                captionsChoosable={media?.kind !== 'youtube'}
                update={updatePrefs}
              />
              {me.isGuest && <GuestTimeNote playing={joined && now.playing} />}
            </FullscreenStageContext>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            {wide && !fullscreen.active && moments}
            {/* Watching alone has no participants to list (issue 9, item 17). */}
            {!solo && (
              <ParticipantsPanel
                participants={participants}
                statuses={isHost ? statuses : null}
                serverNow={now.serverNow}
                hostUserId={stream?.hostUserId ?? null}
              />
            )}
            <CommentsPanel
              sessionId={session.id}
              streamId={stream?.id ?? null}
              lang={lang}
              me={me}
              hostUserId={stream?.hostUserId ?? null}
              commentsPaused={stream?.commentsPaused ?? false}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
