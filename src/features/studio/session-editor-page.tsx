import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { LoadError, NotFoundView, PageLoader } from '@/features/page-status';
import { pageTitle } from '@/lib/page-title';
import {
  useSaveSession,
  useSessionAction,
  useStudioOptions,
  useStudioSession,
  useStudioWorks,
} from './api/studio-api';
import { SessionForm } from './session-form';
import { errorMessageKey } from './studio-errors';
import { VideoPanel } from './video-panel';

/** /studio/session/new and /studio/session/{id}: the session's fields, then its video and moments. */
export function StudioSessionPage() {
  const { t } = useTranslation('studio');
  const { sessionId } = useParams();
  const id = sessionId && sessionId !== 'new' ? sessionId : null;
  const me = useMe();
  const options = useStudioOptions();
  const works = useStudioWorks();
  const session = useStudioSession(id);
  const save = useSaveSession();
  const act = useSessionAction();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = pageTitle(session.data?.item.title ?? t('editor.newTitle'));
  }, [t, session.data]);

  if (me.isPending) return <PageLoader />;
  if (!me.data || !isStaffRole(me.data.role as Role)) return <Navigate to="/" replace />;
  if (options.isPending || works.isPending || (id && session.isPending)) return <PageLoader />;
  // Only a first load that failed replaces the editor: a background re-read that fails (say, on
  // a flaky network coming back) keeps what is on screen — unmounting it would also stop an
  // upload under way.
  const failed = (q: { isError: boolean; data: unknown }) => q.isError && q.data === undefined;
  // Another school's session (or a made-up id) is not there to retry: say so (issue 24).
  if (id && failed(session) && isApiError(session.error) && session.error.status === 404) {
    return <NotFoundView />;
  }
  if (failed(options) || failed(works) || (id && failed(session))) {
    return (
      <LoadError
        title={t('editor.loadFailed')}
        onRetry={() => {
          void options.refetch();
          void works.refetch();
          void session.refetch();
        }}
      />
    );
  }
  // (Loaded, by the checks above; told to the type checker.)
  if (!options.data || !works.data) return <PageLoader />;
  const item = id ? (session.data?.item ?? null) : null;

  return (
    <Stack gap="md" p="md" maw={1100} mx="auto" w="100%">
      <Anchor component={Link} to="/studio" size="sm">
        {t('editor.back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {item ? item.title : t('editor.newTitle')}
          </Title>
          {item && (
            <Group gap="xs">
              <Badge variant="light">{t(`status.${item.status}`)}</Badge>
              {item.archived && <Badge color="gray">{t('list.archivedBadge')}</Badge>}
            </Group>
          )}
        </Stack>
        {item && (
          <Group>
            <Button
              component="a"
              variant="default"
              href={`/session/${encodeURIComponent(item.id)}/watch`}
              target="_blank"
              rel="noopener"
            >
              {t('editor.preview')}
            </Button>
            <Button
              variant="default"
              onClick={() =>
                act.mutate(
                  { id: item.id, action: 'duplicate' },
                  {
                    onSuccess: (res) => {
                      notifications.show({ color: 'teal', message: t('list.done.duplicate') });
                      void navigate(`/studio/session/${encodeURIComponent(res.item.id)}`);
                    },
                  },
                )
              }
            >
              {t('list.duplicate')}
            </Button>
          </Group>
        )}
      </Group>
      {item && item.status === 'PRIVATE' && (
        <Text size="sm" c="gray.7">
          {t('editor.previewHint')}
        </Text>
      )}
      {!item && (
        <Text size="sm" c="gray.7">
          {t('editor.newIntro')}
        </Text>
      )}
      <SessionForm
        key={item?.id ?? 'new'}
        session={item}
        options={options.data}
        works={works.data.items}
        saving={save.isPending}
        onSave={(body) =>
          save.mutate(
            { id, body },
            {
              onSuccess: (res) => {
                notifications.show({ color: 'teal', message: t('editor.saved') });
                if (!id)
                  void navigate(`/studio/session/${encodeURIComponent(res.item.id)}`, {
                    replace: true,
                  });
              },
              onError: (e) => notifications.show({ color: 'red', message: t(errorMessageKey(e)) }),
            },
          )
        }
      />
      {item && <VideoPanel session={item} media={options.data} />}
    </Stack>
  );
}
