import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  VIDEO_UPLOAD_TYPES,
  type StudioOptions,
  type StudioSession,
  type StudioVideo,
} from '@/contracts/api/studio';
import { parseCaptions, type Cue } from '@/contracts/captions';
import { useQueryClient } from '@tanstack/react-query';
import { studioKeys, useCreateVideo, useTranscodeJob, useUploadCaption } from './api/studio-api';
import { MomentsEditor } from './moments-editor';
import { StudioPlayer } from './studio-player';
import { errorMessageKey } from './studio-errors';
import {
  formatSeconds,
  inEnglish,
  withTranslations,
  type EditMoment,
  type Moment,
} from './moments';
import { uploadVideo, type VideoUploadHandle } from './api/video-upload';

/** Where uploads are transcoded, and this server's caps on them (from the studio's options). */
type Media = Pick<StudioOptions, 'transcoder' | 'limits'>;

/** The session's video: create it, upload a file (tus) or give an HLS URL, captions, moments. */
export function VideoPanel({ session, media }: { session: StudioSession; media: Media }) {
  const { t } = useTranslation('studio');
  const video = session.videos[0] ?? null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="studio-video-title">
      <Title order={2} size="h4" id="studio-video-title" mb="sm">
        {t('video.title')}
      </Title>
      {video ? (
        <VideoEditor session={session} video={video} media={media} />
      ) : (
        <NewVideo sessionId={session.id} defaultTitle={session.title} />
      )}
    </Paper>
  );
}

/** The message of a failed transcoding job: the known reasons by name, anything else as one. */
const KNOWN_JOB_ERRORS = ['notVideo', 'transcoderMissing', 'videoTooLong'] as const;
const jobErrorKey = (error: string | null) => KNOWN_JOB_ERRORS.find((k) => k === error) ?? 'other';

function NewVideo({ sessionId, defaultTitle }: { sessionId: string; defaultTitle: string }) {
  const { t } = useTranslation('studio');
  const create = useCreateVideo(sessionId);
  const [title, setTitle] = useState(defaultTitle);
  const [type, setType] = useState<'DIGEST' | 'ARCHIVE_LOW'>('DIGEST');
  const [hlsUrl, setHlsUrl] = useState('');
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {t('video.none')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('video.name')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
        <Select
          label={t('video.type')}
          data={[
            { value: 'DIGEST', label: t('video.types.DIGEST') },
            { value: 'ARCHIVE_LOW', label: t('video.types.ARCHIVE_LOW') },
          ]}
          value={type}
          onChange={(v) => v && setType(v as 'DIGEST' | 'ARCHIVE_LOW')}
          allowDeselect={false}
        />
        <TextInput
          label={t('video.hlsUrl')}
          description={t('video.hlsUrlHint')}
          value={hlsUrl}
          onChange={(e) => setHlsUrl(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group>
        <Button
          loading={create.isPending}
          disabled={!title.trim()}
          onClick={() =>
            create.mutate(
              { title: title.trim(), type, ...(hlsUrl.trim() ? { hlsUrl: hlsUrl.trim() } : {}) },
              {
                onError: (e) =>
                  notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
              },
            )
          }
        >
          {t('video.create')}
        </Button>
      </Group>
    </Stack>
  );
}

function VideoEditor({
  session,
  video,
  media,
}: {
  session: StudioSession;
  video: StudioVideo;
  media: Media;
}) {
  const { t, i18n } = useTranslation('studio');
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState<number | null>(video.duration);
  const seekRef = useRef<(to: number) => void>(() => undefined);
  // The moments being edited: the preview under the player shows these, saved or not.
  const [draft, setDraft] = useState<EditMoment[]>(() =>
    withTranslations(video.actions as Moment[], video.actionTranslations),
  );
  useEffect(
    () => setDraft(withTranslations(video.actions as Moment[], video.actionTranslations)),
    [video.actions, video.actionTranslations],
  );
  return (
    <Stack gap="md">
      <UploadBox sessionId={session.id} video={video} media={media} />
      {video.videoId ? (
        <StudioPlayer
          video={video}
          // In English mode the preview is what a pupil reading in English sees (issue 24).
          actions={i18n.language === 'en' ? draft.map(inEnglish) : draft}
          onTime={setPosition}
          onDuration={setDuration}
          seekRef={seekRef}
        />
      ) : (
        <Text size="sm" c="gray.7">
          {t('video.noPlaylist')}
        </Text>
      )}
      <MomentsEditor
        sessionId={session.id}
        video={video}
        moments={draft}
        onChange={setDraft}
        position={position}
        duration={duration}
        onSeek={(to) => seekRef.current(to)}
      />
      <Captions sessionId={session.id} video={video} />
    </Stack>
  );
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'sending'; sent: number; total: number }
  | { kind: 'sent' }
  | { kind: 'failed'; message: string };

function UploadBox({
  sessionId,
  video,
  media: { transcoder, limits },
}: {
  sessionId: string;
  video: StudioVideo;
  media: Media;
}) {
  const { t } = useTranslation('studio');
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const handle = useRef<VideoUploadHandle | null>(null);
  const watching =
    state.kind === 'sent' || video.job?.status === 'queued' || video.job?.status === 'running';
  const job = useTranscodeJob(video.id, watching);
  const current = job.data?.item ?? video.job;

  useEffect(() => () => handle.current?.abort(), []);
  // A finished job changed the video (its playlist, poster, duration): read the session again.
  const client = useQueryClient();
  const finishedJob = current?.status === 'done' ? current.id : null;
  useEffect(() => {
    if (finishedJob && video.job?.id !== finishedJob) {
      void client.invalidateQueries({ queryKey: studioKeys.session(sessionId) });
    }
  }, [client, finishedJob, sessionId, video.job?.id]);

  const start = (file: File | null) => {
    if (!file) return;
    if (!(VIDEO_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      setState({ kind: 'failed', message: t('error.unsupportedMedia') });
      return;
    }
    const tooLarge = t('error.videoTooLarge', {
      mb: Math.floor(limits.maxUploadBytes / 1024 ** 2),
    });
    if (file.size > limits.maxUploadBytes) {
      setState({ kind: 'failed', message: tooLarge });
      return;
    }
    setState({ kind: 'sending', sent: 0, total: file.size });
    handle.current = uploadVideo(file, video.id, {
      progress: (sent, total) => setState({ kind: 'sending', sent, total }),
      success: () => setState({ kind: 'sent' }),
      error: (status) =>
        setState({
          kind: 'failed',
          message:
            status === 415
              ? t('error.unsupportedMedia')
              : status === 413
                ? tooLarge
                : status === 503
                  ? t('error.transcoderMissing')
                  : t('video.uploadFailed'),
        }),
    });
  };

  return (
    <Stack gap="xs">
      {transcoder === null && (
        <Alert color="yellow" title={t('video.noTranscoderTitle')}>
          {t('error.transcoderMissing')}
        </Alert>
      )}
      <Group>
        <FileButton onChange={start} accept={VIDEO_UPLOAD_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              disabled={transcoder === null || state.kind === 'sending'}
              data-testid="studio-upload-button"
            >
              {t('video.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="gray.7">
          {t('video.uploadHint')}
        </Text>
      </Group>
      {state.kind === 'sending' && (
        <div>
          <Text size="sm" id="studio-upload-progress">
            {t('video.sending', {
              percent: Math.floor((state.sent / Math.max(1, state.total)) * 100),
            })}
          </Text>
          <Progress
            value={(state.sent / Math.max(1, state.total)) * 100}
            aria-labelledby="studio-upload-progress"
          />
        </div>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" role="alert">
          {state.message}
        </Alert>
      )}
      {current && (current.status === 'queued' || current.status === 'running') && (
        <div data-testid="studio-transcode">
          <Text size="sm" id="studio-transcode-progress">
            {t('video.transcoding', { percent: Math.floor(current.progress * 100) })}
          </Text>
          <Progress value={current.progress * 100} aria-labelledby="studio-transcode-progress" />
        </div>
      )}
      {current?.status === 'done' && (
        <Text size="sm" c="teal.9" data-testid="studio-transcode-done">
          {t('video.ready', { name: current.fileName })}
        </Text>
      )}
      {current?.status === 'failed' && (
        <Alert color="red" role="alert">
          {t(`video.jobError.${jobErrorKey(current.error)}`, {
            minutes: Math.floor(limits.maxDurationS / 60),
          })}
        </Alert>
      )}
    </Stack>
  );
}

function Captions({ sessionId, video }: { sessionId: string; video: StudioVideo }) {
  const { t } = useTranslation('studio');
  return (
    <Stack gap="xs" component="section" aria-labelledby="studio-captions-title">
      <Title order={3} size="h5" id="studio-captions-title">
        {t('captions.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['ja', 'en'] as const).map((lang) => (
          <CaptionSlot key={lang} sessionId={sessionId} video={video} lang={lang} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CaptionSlot({
  sessionId,
  video,
  lang,
}: {
  sessionId: string;
  video: StudioVideo;
  lang: 'ja' | 'en';
}) {
  const { t } = useTranslation('studio');
  const upload = useUploadCaption(sessionId);
  const [preview, setPreview] = useState<{ text: string; cues: Cue[]; format: string } | null>(
    null,
  );
  const [problem, setProblem] = useState<string | null>(null);

  const read = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    const parsed = parseCaptions(text);
    if (!parsed.ok) {
      setPreview(null);
      setProblem(t('captions.invalid', { line: parsed.line }));
      return;
    }
    setProblem(null);
    setPreview({ text, cues: parsed.cues, format: parsed.format });
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid={`studio-captions-${lang}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t(`captions.lang.${lang}`)}</Text>
          <Text size="sm" c="gray.7">
            {video.captionFile[lang] ? t('captions.has') : t('captions.none')}
          </Text>
        </Group>
        <FileButton onChange={(f) => void read(f)} accept=".vtt,.srt,text/vtt,application/x-subrip">
          {(props) => (
            <Button {...props} variant="default" size="compact-sm" w="fit-content">
              {t('captions.choose')}
            </Button>
          )}
        </FileButton>
        {problem && (
          <Text size="sm" c="red.8" role="alert">
            {problem}
          </Text>
        )}
        {preview && (
          <>
            <Text size="sm">
              {t('captions.preview', {
                count: preview.cues.length,
                format: preview.format.toUpperCase(),
              })}
            </Text>
            <Stack gap={2} component="ol" style={{ margin: 0, paddingInlineStart: '1.2em' }}>
              {preview.cues.slice(0, 5).map((c, i) => (
                <Text key={i} size="sm" component="li">
                  {formatSeconds(c.start)}–{formatSeconds(c.end)} {c.text}
                </Text>
              ))}
            </Stack>
            <Button
              size="compact-sm"
              w="fit-content"
              loading={upload.isPending}
              onClick={() =>
                upload.mutate(
                  { videoId: video.id, lang, text: preview.text },
                  {
                    onSuccess: () => {
                      setPreview(null);
                      notifications.show({ color: 'teal', message: t('captions.saved') });
                    },
                    onError: (e) =>
                      notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
                  },
                )
              }
            >
              {t('captions.save')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
