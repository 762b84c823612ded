import { Alert, em, Grid, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { BREAKPOINTS } from '@/contracts/constants';
import type { Me, Session, Stream } from '@/contracts/entities';
import { sessionVideo } from '@/contracts/video-choice';
import { useMe } from '@/features/auth';
import { pageTitle } from '@/lib/page-title';
import { FullscreenOffer } from './panels/fullscreen-offer';
import { GuestTimeNote } from './panels/guest-time-note';
import { HostControls } from './host/host-controls';
import { JoinGate } from './session/join-gate';
import { MomentsDock } from './panels/moments-dock';
import { RoomNotices } from './panels/room-notices';
import { RoomSidebar } from './panels/room-sidebar';
import { WatchHeader } from './panels/watch-header';
import { FullscreenStageContext } from './player/use-fullscreen';
import { PlayerView } from './player/player-view';
import { useWatchSession } from './session/use-watch-session';
import { ViewerControls } from './panels/viewer-controls';
import type { WatchLoaderData } from './watch-loader';
import { parseWatchQuery } from './watch-query';

const isWatchData = (value: unknown): value is WatchLoaderData =>
  typeof value === 'object' && value !== null && 'session' in value && 'stream' in value;

/** `/session/:sessionId/watch/` and `/sessions/:sessionId/watch`. */
export function WatchPage() {
  const data = useLoaderData();
  const me = useMe().data;
  if (!isWatchData(data) || !me) return <Loader mx="auto" display="block" />;
  return <WatchRoomPage key={`${data.session.id}:${data.stream?.id ?? ''}`} {...data} me={me} />;
}

/** Full screen, the stage keeps the page's background and scrolls if it must. */
const FULLSCREEN_STAGE_STYLE = {
  background: 'var(--mantine-color-body)',
  padding: 'var(--mantine-spacing-md)',
  overflowY: 'auto',
} as const;

/** The layout of a room (or of watching alone); each part's behaviour lives in its hook. */
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
  const lang = stream?.lang ?? query.lang ?? me.lang;
  const uiTitle = (i18n.language === 'en' ? session.en?.title : session.ja?.title) || session.title;
  useEffect(() => {
    document.title = pageTitle(uiTitle);
  }, [uiTitle]);
  const w = useWatchSession({
    session,
    stream,
    me,
    video,
    query,
    lang,
    playerLabel: t('player.label', { title: video?.title ?? '' }),
  });
  const { state, room, model, solo, streamId, isHost, joined, terminated, prefs, player } = w;
  const { updatePrefs, media, now, overlays, stage, host } = w;
  const wide = useMediaQuery(`(min-width: ${em(BREAKPOINTS.md)})`, true, {
    getInitialValueInEffect: false,
  });

  if (!video) {
    return (
      <Alert color="gray" variant="light">
        {t('noVideo')}
      </Alert>
    );
  }
  const vote = !solo && isHost ? overlays.vote : null;
  // Votes, discussions and prompts open beside the video on a wide screen and under it on a phone
  // or full screen, so they are seen without scrolling (issue 9).
  const moments = (
    <MomentsDock
      sessionId={session.id}
      streamId={streamId}
      overlays={overlays}
      onRevealVote={
        vote
          ? () =>
              host({
                type: 'action.push',
                kind: 'vote',
                timedAction: vote.action,
                active: true,
                showResult: true,
              })
          : undefined
      }
    />
  );
  const besideVideo = wide && !stage.fullscreen.active;

  return (
    <Stack gap="md">
      <WatchHeader
        {...{ session, stream, me, video, lang, isHost, room }}
        transport={w.transport}
        joined={joined}
        showDrift={query.debugSync}
      />
      <RoomNotices
        failure={state.status === 'failed' ? state.reason : null}
        online={w.online}
        {...{ terminated, isHost }}
      />
      {stage.offer && <FullscreenOffer onAccept={stage.accept} onDecline={stage.decline} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack
            gap="sm"
            ref={stage.stageRef}
            style={stage.fullscreen.active ? FULLSCREEN_STAGE_STYLE : undefined}
          >
            <FullscreenStageContext value={stage.fullscreen.stage}>
              <PlayerView
                surface={media?.kind === 'youtube' ? 'youtube' : 'video'}
                {...{ video, overlays }}
                videoRef={w.videoRef}
                youtubeRef={w.youtubeRef}
                mutedFallback={state.mutedFallback}
                sizeRate={prefs.sizeRate}
                loading={player.status === 'loading'}
                error={player.status === 'error' ? player.message : null}
                gate={
                  joined ? null : (
                    <JoinGate
                      state={state.join === 'watching' ? 'waiting' : state.join}
                      kind={solo ? 'solo' : isHost ? 'host' : 'follower'}
                      terminated={terminated}
                      resumeAt={w.resumeAt}
                      onTap={w.tap}
                    />
                  )
                }
                onUnmute={() => {
                  room?.unmute();
                  updatePrefs({ muted: false });
                }}
                fullscreen={
                  stage.fullscreen.supported
                    ? { active: stage.fullscreen.active, onToggle: stage.fullscreen.toggle }
                    : null
                }
              />
              {!besideVideo && moments}
              {isHost ? (
                <HostControls
                  room={!solo}
                  {...{ terminated, model }}
                  {...now}
                  confirmingTerminate={state.host?.confirmingTerminate ?? false}
                  error={state.host?.error ?? null}
                  actions={video.actions}
                  send={host}
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
          <RoomSidebar
            sessionId={session.id}
            {...{ stream, me, lang, room, model, isHost }}
            serverNow={now.serverNow}
            moments={besideVideo && moments}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
