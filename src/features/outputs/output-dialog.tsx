import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { presetImageUrl } from '@/contracts/api/outputs';
import {
  MOBILE_BREAKPOINT,
  OUTPUT_DESCRIPTION_MAX,
  PRESET_IMAGES,
  TOAST_AUTO_CLOSE_MS,
} from '@/contracts/constants';
import type { Me, Output, Work } from '@/contracts/entities';
import { useMe, usePermission } from '@/features/auth';
import { isApiError } from '@/lib/api-errors';
import { useOnline } from '@/lib/use-online';
import {
  createOutput,
  sessionOutputsKey,
  updateOutput,
  uploadOutputImage,
  useSessionOutputs,
  useSessionWorks,
} from './api/outputs-api';
import { autosaveMachine, type SaveState } from './autosave-machine';
import { ExamplesCarousel } from './examples-carousel';
import { dropUnsent, keepUnsent, readUnsent, unsentKey } from './unsent-copy';
import { ACCEPT, prepareImage } from './image-prep';
import {
  canSubmit,
  contentOf,
  isOverLimit,
  meetsRecommended,
  mineForWork,
  offersDraft,
  postRefusal,
  presetImageFor,
  remainingOf,
  sameContent,
  shouldAutosave,
  violationStatusesOnEdit,
  type OutputContent,
} from './output-rules';

export interface OutputDialogProps {
  opened: boolean;
  onClose(): void;
  sessionId: string;
  /** The work to post for; without it the session's first work (with a chooser if several). */
  workId?: string | undefined;
}

/** The output posting dialog: text, picture, presets, examples, autosave and submit. */
export function OutputDialog({ opened, onClose, sessionId, workId }: OutputDialogProps) {
  const { t } = useTranslation('outputs');
  const fullScreen = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`, false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={fullScreen}
      size="xl"
      title={t('dialog.title')}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      data-testid="output-dialog"
    >
      {opened && <DialogLoader sessionId={sessionId} workId={workId} onClose={onClose} />}
    </Modal>
  );
}

function DialogLoader({
  sessionId,
  workId,
  onClose,
}: {
  sessionId: string;
  workId: string | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation('outputs');
  const me = useMe();
  const permission = usePermission('submitOutput');
  const works = useSessionWorks(sessionId);
  const outputs = useSessionOutputs(sessionId);
  const [chosen, setChosen] = useState<string | null>(workId ?? null);

  if (me.isError || works.isError || outputs.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('dialog.loadError')}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => {
              void works.refetch();
              void outputs.refetch();
              void me.refetch();
            }}
          >
            {t('dialog.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!me.data || !works.data || !outputs.data || permission.isLoading) {
    return (
      <Stack aria-busy>
        <VisuallyHidden role="status">{t('dialog.loading')}</VisuallyHidden>
        <Skeleton h={24} w="60%" />
        <Skeleton h={160} />
        <Skeleton h={40} />
      </Stack>
    );
  }
  if (works.data.length === 0) return <Text>{t('dialog.noWork')}</Text>;
  const work = works.data.find((w) => w.id === chosen) ?? works.data[0]!;
  const mine = mineForWork(outputs.data, me.data._id, work.id);
  return (
    <Stack gap="md">
      {works.data.length > 1 && (
        <Select
          label={t('work.choose')}
          data={works.data.map((w) => ({ value: w.id, label: w.title }))}
          value={work.id}
          onChange={(v) => setChosen(v)}
          allowDeselect={false}
        />
      )}
      <Editor
        // A new work (or a fresh load) starts a fresh editor and autosave.
        key={work.id}
        sessionId={sessionId}
        work={work}
        me={me.data}
        permitted={permission.isPermitted}
        published={mine.published}
        draft={mine.draft}
        onClose={onClose}
      />
    </Stack>
  );
}

type ImageIssue = 'overQuota' | 'unsupported' | 'unreadable' | 'uploadFailed';

/** A picture this device could not make fit (too large, not a picture, unreadable). */
class ImageRefused extends Error {
  constructor(readonly reason: Exclude<ImageIssue, 'uploadFailed'>) {
    super(reason);
  }
}

function Editor({
  sessionId,
  work,
  me,
  permitted,
  published,
  draft,
  onClose,
}: {
  sessionId: string;
  work: Work;
  me: Me;
  permitted: boolean;
  published: Output | null;
  draft: Output | null;
  onClose(): void;
}) {
  const { t } = useTranslation('outputs');
  const queryClient = useQueryClient();
  const publishedContent = useMemo(() => (published ? contentOf(published) : null), [published]);
  // Text typed here that the server has not got yet (written offline, or the tab closed before a
  // save) opens again from this device; autosave sends it once the network is back.
  const localKey = unsentKey(me._id, sessionId, work.id);
  const [unsentAtOpen] = useState(() => readUnsent(localKey));
  const serverContent = published ? contentOf(published) : contentOf(draft);
  const [content, setContent] = useState<OutputContent>(() =>
    unsentAtOpen
      ? { description: unsentAtOpen.description, image: unsentAtOpen.image }
      : serverContent,
  );
  const [restored, setRestored] = useState(
    () => unsentAtOpen !== null && !sameContent(serverContent, content),
  );
  const [offer, setOffer] = useState(() => !unsentAtOpen && offersDraft(published, draft));
  const online = useOnline();
  // The preset a picture-less output shows: by its creation time (now, for a new one).
  const [openedAt] = useState(() => Date.now());
  const createdAt = published?.createdAt ?? draft?.createdAt ?? openedAt;

  // What autosave compares against: the last saved draft, else the published version.
  const lastSaved = useRef<OutputContent>(serverContent);
  const latest = useRef({ content, permitted });
  latest.current = { content, permitted };

  const [saveState, send] = useMachine(
    autosaveMachine.provide({
      guards: {
        shouldSave: () =>
          shouldAutosave({
            permitted: latest.current.permitted,
            content: latest.current.content,
            lastSaved: lastSaved.current,
          }),
      },
      actors: {
        saveDraft: fromPromise(async () => {
          const snapshot = latest.current.content;
          await createOutput({
            sessionId,
            workId: work.id,
            userId: me._id,
            description: snapshot.description,
            images: snapshot.image ? [snapshot.image] : null,
            status: 'autosaved',
          });
          lastSaved.current = snapshot;
          if (sameContent(latest.current.content, snapshot)) dropUnsent(localKey);
        }),
      },
    }),
  );
  const label: SaveState = saveState.matches('paused') ? 'none' : (saveState.value as SaveState);

  // Every change the server has not got is kept on this device; a saved one is dropped.
  useEffect(() => {
    if (sameContent(content, lastSaved.current)) dropUnsent(localKey);
    else keepUnsent(localKey, content);
  }, [content, localKey]);
  // Offline with unsaved text: waiting to send (kept here), rather than a failure.
  const unsaved = !sameContent(content, lastSaved.current);
  const waiting = !online && unsaved && (label === 'failed' || label === 'none');

  const over = isOverLimit(content.description);
  const remaining = remainingOf(content.description);

  // The picture: made to fit on this device, then uploaded; a refusal or failure says why.
  const image = useMutation({
    mutationFn: async (file: File) => {
      const prepared = await prepareImage(file);
      if (!prepared.ok) throw new ImageRefused(prepared.reason);
      return uploadOutputImage(prepared.blob);
    },
    onSuccess: (url) => setContent((c) => ({ ...c, image: url })),
  });
  const imageIssue: ImageIssue | null = image.error
    ? image.error instanceof ImageRefused
      ? image.error.reason
      : 'uploadFailed'
    : null;

  // Posting: autosave pauses meanwhile; on failure the text stays and autosave resumes.
  const submission = useMutation({
    mutationFn: async () => {
      const images = content.image ? [content.image] : null;
      if (published) {
        await updateOutput(published.id, {
          description: content.description,
          images,
          violationStatuses: violationStatusesOnEdit(published.violationStatuses),
          status: 'published',
        });
      } else {
        await createOutput({
          sessionId,
          workId: work.id,
          userId: me._id,
          description: content.description,
          images,
          selectedReviewers: [],
          status: 'published',
        });
      }
    },
    onMutate: () => send({ type: 'autosave.pause' }),
    onSuccess: async () => {
      notifications.show({
        message: t(published ? 'success.updated' : 'success.posted'),
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      dropUnsent(localKey);
      await queryClient.invalidateQueries({ queryKey: sessionOutputsKey(sessionId) });
      onClose();
    },
    onError: () => send({ type: 'autosave.resume' }),
  });
  const error = submission.error;
  const submitError = !error
    ? null
    : isApiError(error) && error.code === 'conflict'
      ? t('error.conflict')
      : isApiError(error) && error.code === 'concernRaised'
        ? t('error.concernKept')
        : t('error.submit');
  const enabled =
    canSubmit({ permitted, content, published: publishedContent }) &&
    !image.isPending &&
    !submission.isPending;

  const preview = content.image ?? presetImageFor(createdAt);

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {work.title}
        </Title>
        {work.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {work.description}
          </Text>
        )}
        {work.questions && work.questions.length > 0 && (
          <Box>
            <Text size="sm" fw={600}>
              {t('work.questions')}
            </Text>
            <Box component="ul" m={0} pl="lg">
              {work.questions.map((q, i) => (
                <Text component="li" size="sm" key={i}>
                  {q}
                </Text>
              ))}
            </Box>
          </Box>
        )}
      </Stack>

      {work.examples.length > 0 && <ExamplesCarousel examples={work.examples} />}

      {!permitted && (
        <Alert color="orange" variant="light" role="alert" data-testid="post-refused">
          <Text size="sm" c="dark.7">
            {t(`refusal.${postRefusal(me, permitted) ?? 'notPermitted'}`)}
          </Text>
        </Alert>
      )}

      {restored && (
        <Alert
          color="blue"
          variant="light"
          data-testid="unsent-restored"
          withCloseButton
          closeButtonLabel={t('dialog.close')}
          onClose={() => setRestored(false)}
        >
          <Text size="sm" c="dark.7">
            {t('unsent.restored')}
          </Text>
        </Alert>
      )}

      {offer && draft && (
        <Alert color="blue" variant="light" data-testid="draft-offer">
          <Stack gap="xs">
            <Text size="sm" c="dark.7">
              {t('draft.offer')}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                onClick={() => {
                  setContent(contentOf(draft));
                  lastSaved.current = contentOf(draft);
                  setOffer(false);
                }}
              >
                {t('draft.apply')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setOffer(false)}>
                {t('draft.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Box>
        <Textarea
          label={t('description.label')}
          placeholder={t('description.placeholder')}
          value={content.description}
          onChange={(e) => {
            const description = e.currentTarget.value;
            setContent((c) => ({ ...c, description }));
          }}
          autosize
          minRows={6}
          maxRows={16}
          disabled={!permitted}
          error={
            over ? t('description.overLimit', { maxLength: OUTPUT_DESCRIPTION_MAX }) : undefined
          }
          data-testid="output-description"
        />
        <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
          <Text size="xs" c={meetsRecommended(content.description) ? 'teal.9' : 'gray.7'}>
            {meetsRecommended(content.description)
              ? t('description.recommendedMet')
              : t('description.recommended')}
          </Text>
          <Text
            size="xs"
            c={remaining < 0 ? 'red.8' : 'gray.7'}
            fw={remaining < 0 ? 700 : undefined}
            aria-label={t('description.remaining', { n: remaining })}
            data-testid="output-counter"
          >
            {remaining}
          </Text>
        </Group>
      </Box>

      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('image.label')}
        </Text>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Image
            src={preview}
            alt={t('image.preview')}
            w={180}
            h={140}
            fit="cover"
            radius="md"
            data-testid="output-image-preview"
          />
          <Stack gap="xs" style={{ flex: '1 1 200px' }}>
            <Group gap="xs">
              <FileButton
                onChange={(f) => f && image.mutate(f)}
                accept={ACCEPT}
                disabled={!permitted}
              >
                {(props) => (
                  <Button {...props} variant="light" size="sm" loading={image.isPending}>
                    {content.image && !content.image.startsWith('/media/')
                      ? t('image.change')
                      : t('image.pick')}
                  </Button>
                )}
              </FileButton>
              {content.image && (
                <Button
                  variant="subtle"
                  size="sm"
                  color="gray.8"
                  onClick={() => setContent((c) => ({ ...c, image: null }))}
                >
                  {t('image.remove')}
                </Button>
              )}
            </Group>
            {image.isPending && (
              <Text size="xs" c="gray.7" role="status">
                {t('image.preparing')}
              </Text>
            )}
            {imageIssue && (
              <Text size="xs" c="red.8" role="alert" data-testid="image-issue">
                {t(`image.${imageIssue}`)}
              </Text>
            )}
            <PresetChooser
              value={content.image}
              disabled={!permitted}
              onChange={(url) => setContent((c) => ({ ...c, image: url }))}
            />
          </Stack>
        </Group>
      </Stack>

      {submitError && (
        <Alert color="red" variant="light" role="alert" data-testid="submit-error">
          <Text size="sm" c="dark.7">
            {submitError}
          </Text>
        </Alert>
      )}

      {/* Kept in view while the dialog scrolls (the text area is long on a phone). */}
      <Group
        justify="space-between"
        align="center"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text
          size="sm"
          c={label === 'failed' && !waiting ? 'red.8' : 'gray.7'}
          aria-live="polite"
          data-testid="save-state"
          data-state={waiting ? 'waiting' : label}
          mih={22}
        >
          {label === 'autosaving' && <Loader size={12} mr={6} component="span" />}
          {waiting ? t('saveState.waiting') : label !== 'none' ? t(`saveState.${label}`) : ''}
        </Text>
        <Button
          onClick={() => enabled && submission.mutate()}
          disabled={!enabled}
          loading={submission.isPending}
          data-testid="output-submit"
        >
          {published ? t('submit.update') : t('submit.post')}
        </Button>
      </Group>
    </Stack>
  );
}

function PresetChooser({
  value,
  disabled,
  onChange,
}: {
  value: string | null;
  disabled: boolean;
  onChange(url: string): void;
}) {
  const { t } = useTranslation('outputs');
  return (
    <Stack gap={4}>
      <Text size="xs" c="gray.7" id="preset-label">
        {t('preset.label')}
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby="preset-label">
        {PRESET_IMAGES.map((name) => {
          const url = presetImageUrl(name);
          const checked = value === url;
          return (
            <UnstyledButton
              key={name}
              role="radio"
              aria-checked={checked}
              aria-label={t(`preset.${name}`)}
              disabled={disabled}
              onClick={() => onChange(url)}
              style={{
                borderRadius: 8,
                outline: checked ? '3px solid var(--mantine-color-blue-7)' : undefined,
                outlineOffset: 2,
              }}
            >
              <Image src={url} alt="" w={48} h={36} radius="sm" fit="cover" />
            </UnstyledButton>
          );
        })}
      </Group>
      <Text size="xs" c="gray.7">
        {t('preset.auto')}
      </Text>
    </Stack>
  );
}
