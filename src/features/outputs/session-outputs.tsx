import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Output } from '@/contracts/entities';
import { useMe, usePermission } from '@/features/auth';
import { ReactionCounts } from '@/features/feedback';
import { useRelativeTime, type RelativeTimeText } from '@/lib/use-relative-time';
import { useSessionOutputs, useSessionWorks } from './api/outputs-api';
import { OutputDialog } from './output-dialog';
import { mineForWork, postRefusal } from './output-rules';
import { usePersonName } from '@/lib/person-name';
import { outputViolationKind } from '@/lib/violation-kind';

/**
 * The session page's outputs: a post (or edit) button per work, which opens the posting dialog,
 * and the outputs the viewer may see (pending and rejected ones labelled; drafts not listed).
 */
export function SessionOutputsSection({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('outputs');
  const relative = useRelativeTime();
  const me = useMe();
  const works = useSessionWorks(sessionId);
  const outputs = useSessionOutputs(sessionId);
  const [dialogWork, setDialogWork] = useState<string | null>(null);
  const permission = usePermission('submitOutput');
  // Guests and graduates get no post button that cannot work, but the reason (issue 9, item 16).
  const refusal =
    me.data && !permission.isLoading ? postRefusal(me.data, permission.isPermitted) : null;

  if (works.data && works.data.length === 0) return null;
  const shown = (outputs.data ?? []).filter((o) => o.status !== 'autosaved');

  return (
    <Stack gap="sm" component="section" aria-labelledby="session-outputs-title">
      <Title order={2} size="h4" id="session-outputs-title">
        {t('section.title')}
      </Title>
      {refusal && (
        <Text size="sm" c="gray.7" data-testid="post-refused">
          {t(`refusal.${refusal}`)}
        </Text>
      )}
      {works.data && me.data && !refusal && !permission.isLoading && (
        <Group gap="sm">
          {works.data.map((work) => {
            const mine = mineForWork(outputs.data ?? [], me.data._id, work.id);
            return (
              <Button
                key={work.id}
                variant={mine.published ? 'light' : 'filled'}
                onClick={() => setDialogWork(work.id)}
                data-testid="open-output-dialog"
              >
                {mine.published ? t('section.edit') : t('section.post')}
                {works.data.length > 1 ? `: ${work.title}` : ''}
              </Button>
            );
          })}
        </Group>
      )}
      {outputs.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy>
          <Skeleton h={120} />
          <Skeleton h={120} />
        </SimpleGrid>
      )}
      {outputs.isError && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="dark.7">
            {t('section.error')}
          </Text>
        </Alert>
      )}
      {outputs.data && shown.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('section.empty')}
        </Text>
      )}
      {shown.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {shown.map((o) => (
            <li key={o.id}>
              <OutputCard
                output={o}
                mine={o.userId === me.data?._id}
                when={relative(o.createdAt)}
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      <OutputDialog
        opened={dialogWork !== null}
        onClose={() => setDialogWork(null)}
        sessionId={sessionId}
        workId={dialogWork ?? undefined}
      />
    </Stack>
  );
}

function OutputCard({
  output,
  mine,
  when,
}: {
  output: Output;
  mine: boolean;
  when: RelativeTimeText;
}) {
  const { t } = useTranslation('outputs');
  const names = usePersonName();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="output-card">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {output.images[0] && (
          <Image src={output.images[0]} alt="" w={96} h={72} radius="sm" fit="cover" />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {names.label(output.user.displayName)}
            </Text>
            {mine && (
              <Badge size="xs" variant="light" color="blue">
                {t('section.mine')}
              </Badge>
            )}
            {(output.status === 'pending' || output.status === 'rejected') && (
              <Badge
                size="xs"
                variant="light"
                color={output.status === 'pending' ? 'orange' : 'gray'}
                c="dark.7"
              >
                {t(`status.${output.status}`)}
              </Badge>
            )}
          </Group>
          {mine && <HeldReason output={output} />}
          <Text
            size="sm"
            lineClamp={4}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {output.description}
          </Text>
          <Text size="xs" c="gray.7" component="time" dateTime={when.dateTime} title={when.title}>
            {when.text}
          </Text>
          <ReactionCounts counts={output.reactions} />
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * Why the author's own output is not shown to classmates (issue 26): the spec's violation
 * message for its flags, or, pending without a flag, that it waits for its check (a picture
 * being screened, or held for a teacher to look at).
 */
function HeldReason({ output }: { output: Output }) {
  const { t } = useTranslation('outputs');
  if (output.status !== 'pending' && output.status !== 'rejected') return null;
  const kind = outputViolationKind(output.violationStatuses);
  const message =
    kind && kind !== 'unitOutput'
      ? t(`held.${kind}`)
      : output.status === 'pending'
        ? t('held.waiting')
        : null;
  if (!message) return null;
  return (
    <Text size="xs" c="orange.9" data-testid="output-held-reason">
      {message}
    </Text>
  );
}
