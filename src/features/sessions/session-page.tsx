import {
  Alert,
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Button,
  Group,
  Image,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { MAIN_COLUMN_WIDTH } from '@/contracts/constants';
import { isStaffRole, Lang, type Session, toLang } from '@/contracts/entities';
import { downloadableVideo } from '@/contracts/video-choice';
import { useMe } from '@/features/auth';
import { DownloadButton } from '@/features/downloads';
import { SessionOutputsSection } from '@/features/outputs';
import { useSessionLive } from '@/features/live';
import { RoomsSection } from '@/features/rooms';
import { ReactionsBar, SessionOutputs } from '@/features/feedback';
import { formatDateTime } from '@/lib/time';
import { useMayWatch, useSession } from './api/get-session';
import {
  disabledRedirectUrl,
  localizeSession,
  safeLinkUrl,
  sessionPageOutcome,
  soloWatchKind,
  soloWatchUrl,
} from './session-rules';
import { NotFoundView } from '@/features/page-status';
import { pageTitle } from '@/lib/page-title';

/** `/session/{sessionId}`: the session's details, its rooms and the solo 'watch' button. */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const session = useSession(sessionId);
  const mayWatch = useMayWatch(sessionId, session.data != null);

  if (session.isPending || (session.data != null && mayWatch.isPending)) {
    return <SessionPageSkeleton />;
  }
  if (session.isError || mayWatch.isError) {
    return (
      <SessionPageError
        onRetry={() => {
          if (session.isError) void session.refetch();
          if (mayWatch.isError) void mayWatch.refetch();
        }}
      />
    );
  }
  const outcome = sessionPageOutcome(session.data, mayWatch.data === true);
  if (outcome === 'notFound') return <NotFoundView />;
  if (outcome === 'disabled' || !session.data) {
    // The app shell shows the session-disabled modal for redirectSessionId.
    return <Navigate to={disabledRedirectUrl(sessionId)} replace />;
  }
  return <SessionDetails session={session.data} />;
}

function Column({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Stack gap="lg" maw={MAIN_COLUMN_WIDTH} mx="auto" w="100%" aria-busy={busy || undefined}>
      {children}
    </Stack>
  );
}

function SessionPageSkeleton() {
  const { t } = useTranslation('sessions');
  return (
    <Column busy>
      <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
      <AspectRatio ratio={16 / 9}>
        <Skeleton radius="md" />
      </AspectRatio>
      <Skeleton h={32} w="70%" />
      <Skeleton h={16} w="40%" />
      <Skeleton h={72} />
    </Column>
  );
}

function SessionPageError({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('sessions');
  return (
    <Column>
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('error')}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    </Column>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function SessionDetails({ session }: { session: Session }) {
  const { t, i18n } = useTranslation('sessions');
  const lang = toLang(i18n.language, 'ja');
  const shown = localizeSession(session, lang);
  const me = useMe().data;
  // Staff roles download a recording for offline viewing, in either language (issue 13): the
  // video the watch page plays the session alone (issue 14).
  const mayDownload = !!me && isStaffRole(me.role) && downloadableVideo(session) !== null;
  const links = session.documentLinks.flatMap((l) => {
    const url = safeLinkUrl(l.url);
    return url ? [{ label: l.label, url }] : [];
  });
  const workCount = session.workIds?.length ?? 0;
  // New outputs, reactions and feedback re-read the lists and the viewer as they happen.
  useSessionLive(session.id);

  useEffect(() => {
    document.title = pageTitle(shown.title);
  }, [shown.title]);

  return (
    <Column>
      <Box pos="relative">
        <AspectRatio ratio={16 / 9}>
          <Image src={shown.image} alt="" radius="md" fit="cover" />
        </AspectRatio>
        {shown.titleImage && (
          <Box pos="absolute" left={16} bottom={16} right={16} style={{ pointerEvents: 'none' }}>
            <Image src={shown.titleImage} alt="" fit="contain" mah={96} w="auto" />
          </Box>
        )}
      </Box>

      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{t(`status.${session.status}`)}</Badge>
        </Group>
        <Title order={1} size="h2">
          {shown.title}
        </Title>
        {session.subTitle && <Text c="dimmed">{session.subTitle}</Text>}
        <Text size="sm">
          <Text span fw={600}>
            {t('startTime')}
          </Text>{' '}
          <time dateTime={new Date(session.startTime).toISOString()}>
            {formatDateTime(session.startTime)}
          </time>
        </Text>
        <Group gap="sm" mt="xs" align="center">
          <Button component={Link} to={soloWatchUrl(session.id, lang)} size="md">
            {t(`soloWatch.${soloWatchKind(session.status)}.button`)}
          </Button>
          <Text size="sm" c="dimmed">
            {t(`soloWatch.${soloWatchKind(session.status)}.hint`)}
          </Text>
        </Group>
        {mayDownload && (
          <Group gap="xs" data-testid="session-downloads">
            {Lang.options.map((l) => (
              <DownloadButton key={l} session={session} lang={l} />
            ))}
          </Group>
        )}
        <ReactionsBar
          target="session"
          targetId={session.id}
          types={['wow', 'thinking', 'crying', 'inspired']}
        />
      </Stack>

      {session.description && (
        <Section title={t('description')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{session.description}</Text>
        </Section>
      )}

      {(session.guide.length > 0 || session.guideImage) && (
        <Section title={session.guideLabel || t('guide')}>
          {session.guideImage && <Image src={session.guideImage} alt="" radius="md" maw={320} />}
          {session.guide.length > 0 && (
            <List spacing={4}>
              {session.guide.map((g, i) => (
                <List.Item key={i}>{g}</List.Item>
              ))}
            </List>
          )}
        </Section>
      )}

      {session.tags.length > 0 && (
        <Section title={t('tags')}>
          <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {session.tags.map((tag) => (
              <li key={tag.id}>
                {/* A tag's own colour is not used for text: its contrast is unknown. */}
                <Badge variant="light" color="gray">
                  {tag.labels?.[lang] || tag.name}
                </Badge>
              </li>
            ))}
          </Group>
        </Section>
      )}

      {workCount > 0 && (
        <Section title={t('works')}>
          <Text size="sm">{t('worksCount', { count: workCount })}</Text>
        </Section>
      )}

      {links.length > 0 && (
        <Section title={t('documents')}>
          <List spacing={4}>
            {links.map((l) => (
              <List.Item key={l.url}>
                <Anchor href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.label}
                  <VisuallyHidden>{t('opensInNewTab')}</VisuallyHidden>
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Section>
      )}

      <RoomsSection sessionId={session.id} />

      <SessionOutputs sessionId={session.id} sessionTitle={shown.title} />

      <Suspense fallback={null}>
        <SessionOutputsSection sessionId={session.id} />
      </Suspense>
    </Column>
  );
}
