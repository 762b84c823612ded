import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Modal,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type {
  Memo,
  ProfileFeedback,
  ProfileOutput,
  ProfileReflection,
  SessionBrief,
  UserTag,
} from '@/contracts/api/profile';
import {
  MODAL_TRANSITION_MS,
  REFLECTION_SCORE_MAX,
  TOAST_AUTO_CLOSE_MS,
} from '@/contracts/constants';
import { isStaffRole, Lang, toLang, type Role } from '@/contracts/user-entities';
import {
  ReflectionEditor,
  deleteReflection,
  reflectionsKey,
  useUserReflections,
} from '@/features/reflections';
import { useMe, usePermission } from '@/features/auth';
import { RemovalModal, RemoveButton, type RemovalTarget } from '@/features/moderation';
import { NotPublishedNotice, ReactionCounts } from '@/features/feedback';
import { SessionCard, localizeSession } from '@/features/sessions';
import { formatDateTime } from '@/lib/time';
import {
  useUserFeedbacks,
  useUserMemos,
  useUserOutputs,
  useUserSessions,
  useUserTags,
} from './api/profile-lists';
import { ListBody, type ListKind } from './list-states';
import { tagsOfKind, type TagKind } from './profile-view-rules';
import { WriteReflectionDialog } from './write-reflection';
import { PROFILE_KEY } from './api/get-profile';

const useLang = (): Lang => {
  const { i18n } = useTranslation();
  return toLang(i18n.language, 'ja');
};

function SessionLink({ session }: { session: SessionBrief }) {
  const lang = useLang();
  return (
    <Anchor
      c="cyan.9"
      component={Link}
      to={`/session/${encodeURIComponent(session.id)}`}
      size="sm"
      fw={600}
    >
      {localizeSession(session, lang).title}
    </Anchor>
  );
}

function OutputItem({ output, isOwn }: { output: ProfileOutput; isOwn: boolean }) {
  const { t } = useTranslation('profile');
  const image = output.images[0];
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {image && <Image src={image} alt="" w={96} h={72} radius="sm" fit="cover" />}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          {output.session && <SessionLink session={output.session} />}
          <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
            {output.description}
          </Text>
          <Group gap="xs">
            <Text size="xs" c="gray.7">
              {formatDateTime(output.createdAt)}
            </Text>
            {isOwn && output.status === 'pending' && (
              <Badge size="sm" color="yellow" variant="light">
                {t('status.pending')}
              </Badge>
            )}
          </Group>
          {isOwn && output.status === 'rejected' && (
            <NotPublishedNotice
              kind="output"
              note={output.moderationNote}
              reason={output.moderationReason}
            />
          )}
          <ReactionCounts counts={output.reactions} />
        </Stack>
      </Group>
    </Card>
  );
}

function FeedbackItem({ feedback }: { feedback: ProfileFeedback }) {
  const { t } = useTranslation('profile');
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={4}>
        <SessionLink session={feedback.session} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {feedback.content}
        </Text>
        <Group gap="xs">
          <Text size="xs" c="gray.7">
            {formatDateTime(feedback.createdAt)}
          </Text>
          {feedback.status === 'pending' && (
            <Badge size="sm" color="yellow" variant="light">
              {t('status.awaitingApproval')}
            </Badge>
          )}
        </Group>
        {feedback.status === 'rejected' && (
          <NotPublishedNotice
            kind="feedback"
            note={feedback.moderationNote}
            reason={feedback.moderationReason}
          />
        )}
      </Stack>
    </Card>
  );
}

function ReflectionItem({
  reflection,
  isOwn,
  onEdit,
  onRemove,
}: {
  reflection: ProfileReflection;
  isOwn: boolean;
  onEdit: (r: ProfileReflection) => void;
  /** Staff viewing a pupil's published reflection take it down (issue 26). */
  onRemove?: () => void;
}) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    try {
      await deleteReflection(reflection.id);
      notifications.show({ message: t('reflection.deleted'), autoClose: TOAST_AUTO_CLOSE_MS });
      await queryClient.invalidateQueries({ queryKey: reflectionsKey });
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    } catch {
      notifications.show({
        color: 'red',
        message: t('errorMessage.default'),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
    }
    setConfirming(false);
  };
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={6}>
        {/* A long title wraps; the badge keeps its width (at 390 px it was cut to "D…"). */}
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          {reflection.session ? <SessionLink session={reflection.session} /> : <span />}
          {isOwn && reflection.status === 'draft' && (
            <Badge size="sm" color="gray" variant="light" style={{ flexShrink: 0 }}>
              {t('status.draft')}
            </Badge>
          )}
          {isOwn && reflection.status === 'pending' && (
            // Held by the screening (issue 8): only the author sees it, waiting for a teacher.
            <Badge
              size="sm"
              color="yellow"
              variant="light"
              data-testid="reflection-held"
              style={{ flexShrink: 0 }}
            >
              {t('status.awaitingApproval')}
            </Badge>
          )}
        </Group>
        {isOwn && reflection.status === 'rejected' && (
          <NotPublishedNotice
            kind="reflection"
            note={reflection.moderationNote}
            reason={reflection.moderationReason}
          />
        )}
        {(['ideaNote', 'thinkNote', 'actionNote'] as const).map((key) => (
          <Box key={key}>
            <Text size="xs" c="gray.7" fw={600}>
              {t(`reflection.${key}`)}
            </Text>
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap' }}
              c={reflection[key] ? undefined : 'gray.7'}
            >
              {reflection[key] || t('reflection.empty')}
            </Text>
          </Box>
        ))}
        {reflection.score != null && (
          <Text size="sm" fw={600} data-testid="reflection-score">
            {t('reflection.scoreValue', { score: reflection.score, max: REFLECTION_SCORE_MAX })}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="gray.7">
            {formatDateTime(reflection.updatedAt)}
          </Text>
          {isOwn && (
            <Group gap="xs">
              {confirming ? (
                <>
                  <Text size="xs">{t('reflection.confirmDelete')}</Text>
                  <Button size="compact-xs" color="red" onClick={() => void remove()}>
                    {t('reflection.delete')}
                  </Button>
                  <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
                    {t('reflection.cancel')}
                  </Button>
                </>
              ) : (
                <>
                  <Button size="compact-xs" variant="light" onClick={() => onEdit(reflection)}>
                    {t('reflection.edit')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setConfirming(true)}
                  >
                    {t('reflection.delete')}
                  </Button>
                </>
              )}
            </Group>
          )}
          {onRemove && <RemoveButton onClick={onRemove}>{t('reflection.remove')}</RemoveButton>}
        </Group>
      </Stack>
    </Card>
  );
}

function TagList({ tags }: { tags: UserTag[] }) {
  const { t } = useTranslation('profile');
  const lang = useLang();
  return (
    <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <Box component="li" key={tag.id}>
          <Badge
            size="lg"
            variant="light"
            radius="sm"
            color={tag.color ?? undefined}
            title={t('sessionCount', { count: tag.sessionIds.length })}
            style={{ textTransform: 'none' }}
          >
            {tag.labels?.[lang] ?? tag.name}
          </Badge>
        </Box>
      ))}
    </Group>
  );
}

function MemoItem({ memo }: { memo: Memo }) {
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={4}>
        {memo.session && <SessionLink session={memo.session} />}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {memo.content}
        </Text>
        <Text size="xs" c="gray.7">
          {formatDateTime(memo.createdAt)}
        </Text>
      </Stack>
    </Card>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

const TAG_TABS: ReadonlyArray<{ kind: ListKind & TagKind }> = [
  { kind: 'words' },
  { kind: 'jobs' },
  { kind: 'challenges' },
];

/** The profile's lists as tabs; memos appear on the own profile only (they are private). */
export function ProfileTabs({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const { t } = useTranslation('profile');
  const [tab, setTab] = useState<ListKind>('outputs');
  const [editing, setEditing] = useState<ProfileReflection | null>(null);
  const [writing, setWriting] = useState(false);
  const [removing, setRemoving] = useState<RemovalTarget | null>(null);
  const queryClient = useQueryClient();
  const me = useMe();
  const mayRemove = !isOwn && me.data !== undefined && isStaffRole(me.data.role as Role);
  // Guests and graduates cannot post, reflections included (issue 24).
  const canPost = usePermission('submitOutput', { enabled: isOwn }).isPermitted;
  const outputs = useUserOutputs(userId);
  const feedbacks = useUserFeedbacks(userId, tab === 'feedbacks');
  const sessions = useUserSessions(userId);
  const reflections = useUserReflections(userId, tab === 'reflections');
  const tags = useUserTags(userId, tab === 'words' || tab === 'jobs' || tab === 'challenges');
  const memos = useUserMemos(userId, isOwn && tab === 'memos');
  const kinds: ListKind[] = [
    'outputs',
    'feedbacks',
    'sessions',
    'reflections',
    'words',
    'jobs',
    'challenges',
    ...(isOwn ? (['memos'] as const) : []),
  ];

  return (
    <>
      <Tabs
        value={tab}
        onChange={(v) => v && setTab(v as ListKind)}
        keepMounted={false}
        aria-label={t('tabs.label')}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {kinds.map((k) => (
            <Tabs.Tab key={k} value={k} style={{ flexShrink: 0 }}>
              {t(`tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>

        <Tabs.Panel value="outputs" pt="md">
          <ListBody query={outputs} kind="outputs" showInstruction={isOwn}>
            {(items) => (
              <Stack component="ul" gap="sm" style={listStyle}>
                {items.map((o) => (
                  <OutputItem key={o.id} output={o} isOwn={isOwn} />
                ))}
              </Stack>
            )}
          </ListBody>
        </Tabs.Panel>
        <Tabs.Panel value="feedbacks" pt="md">
          <ListBody query={feedbacks} kind="feedbacks" showInstruction={isOwn}>
            {(items) => (
              <Stack component="ul" gap="sm" style={listStyle}>
                {items.map((f) => (
                  <FeedbackItem key={f.id} feedback={f} />
                ))}
              </Stack>
            )}
          </ListBody>
        </Tabs.Panel>
        <Tabs.Panel value="sessions" pt="md">
          <ListBody query={sessions} kind="sessions" showInstruction={isOwn} skeletonHeight={160}>
            {(items) => (
              <Group gap="md" align="flex-start">
                {items.map((s) => (
                  <SessionCard key={s.id} session={s} showEmotions={false} />
                ))}
              </Group>
            )}
          </ListBody>
        </Tabs.Panel>
        <Tabs.Panel value="reflections" pt="md">
          {isOwn && canPost && (
            <Group justify="flex-end" mb="sm">
              <Button onClick={() => setWriting(true)} data-testid="write-reflection">
                {t('reflection.write')}
              </Button>
            </Group>
          )}
          <ListBody query={reflections} kind="reflections" showInstruction={isOwn}>
            {(items) => (
              <Stack component="ul" gap="sm" style={listStyle}>
                {items.map((r) => (
                  <ReflectionItem
                    key={r.id}
                    reflection={r}
                    isOwn={isOwn}
                    onEdit={setEditing}
                    {...(mayRemove && r.status === 'published'
                      ? { onRemove: () => setRemoving({ type: 'reflection', id: r.id }) }
                      : {})}
                  />
                ))}
              </Stack>
            )}
          </ListBody>
        </Tabs.Panel>
        {TAG_TABS.map(({ kind }) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <ListBody
              query={{ ...tags, data: tags.data ? tagsOfKind(tags.data, kind) : undefined }}
              kind={kind}
              showInstruction={isOwn}
              skeletonHeight={36}
            >
              {(items) => <TagList tags={items} />}
            </ListBody>
          </Tabs.Panel>
        ))}
        {isOwn && (
          <Tabs.Panel value="memos" pt="md">
            <ListBody query={memos} kind="memos" showInstruction>
              {(items) => (
                <Stack component="ul" gap="sm" style={listStyle}>
                  {items.map((m) => (
                    <MemoItem key={m.id} memo={m} />
                  ))}
                </Stack>
              )}
            </ListBody>
          </Tabs.Panel>
        )}
      </Tabs>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('reflection.title')}
        transitionProps={{ duration: MODAL_TRANSITION_MS }}
        size="lg"
      >
        {editing && (
          <Suspense fallback={null}>
            <ReflectionEditor
              sessionId={editing.sessionId}
              reflection={editing}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          </Suspense>
        )}
      </Modal>
      {isOwn && (
        <WriteReflectionDialog userId={userId} opened={writing} onClose={() => setWriting(false)} />
      )}
      <RemovalModal
        target={removing}
        onClose={() => setRemoving(null)}
        onRemoved={() => void queryClient.invalidateQueries({ queryKey: reflectionsKey })}
      />
    </>
  );
}
