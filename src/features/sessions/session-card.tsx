import {
  AspectRatio,
  Box,
  Card,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { imageSrcSet } from '@/contracts/media';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CARD_ASPECT, CARD_WIDTH } from '@/contracts/constants';
import { type Session, toLang } from '@/contracts/entities';
import { SessionKindBadge } from './session-kind-badge';
import { localizeSession, type LocalizableSession } from './session-rules';

export type SessionCardSession = LocalizableSession &
  Pick<Session, 'id' | 'isWatchable'> & {
    emotions?: Session['emotions'] | undefined;
    /** With a status the card shows its kind (live with its start, or archive; issue 9, item 4). */
    status?: Session['status'] | undefined;
    startTime?: number | undefined;
  };

export interface SessionCardProps {
  session: SessionCardSession;
  /** Show the wow / thinking / crying counts (when the session has them). */
  showEmotions?: boolean;
  /** A fixed width, or '100%' to fill a grid cell (the home list on phones; issue 9, item 13). */
  width?: number | '100%';
}

const EMOTIONS = [
  { key: 'wow', icon: '😲' },
  { key: 'thinking', icon: '🤔' },
  { key: 'crying', icon: '😢' },
] as const;

/** The picture of a card: width × CARD_ASPECT high (AspectRatio takes width / height). */
const RATIO = 1 / CARD_ASPECT;

/**
 * A session as a card: thumbnail, title image, title and emotion counts, in the user's language.
 * A session that is not watchable is greyed out and is not a link.
 */
export function SessionCard({
  session,
  showEmotions = true,
  width = CARD_WIDTH,
}: SessionCardProps) {
  const { t, i18n } = useTranslation(['sessions', 'feedback']);
  const lang = toLang(i18n.language, 'ja');
  const shown = localizeSession(session, lang);
  const watchable = session.isWatchable;

  const content = (
    <Stack gap={6}>
      <Card.Section>
        <AspectRatio ratio={RATIO} pos="relative">
          <Image
            src={shown.thumbnail}
            srcSet={imageSrcSet(shown.thumbnail)}
            sizes={width === '100%' ? '(max-width: 48em) 100vw, 320px' : `${width}px`}
            alt=""
            fit="cover"
          />
          {shown.titleImage && (
            <Box pos="absolute" left={8} right={8} bottom={8} style={{ pointerEvents: 'none' }}>
              <Image
                src={shown.titleImage}
                srcSet={imageSrcSet(shown.titleImage)}
                sizes={width === '100%' ? '(max-width: 48em) 100vw, 320px' : `${width - 16}px`}
                alt=""
                fit="contain"
                mah={56}
                w="auto"
              />
            </Box>
          )}
        </AspectRatio>
      </Card.Section>
      {session.status && (
        <Group gap={6} mt={4}>
          <SessionKindBadge status={session.status} startTime={session.startTime} />
        </Group>
      )}
      <Text
        fw={600}
        size="sm"
        lineClamp={2}
        mt={session.status ? 0 : 4}
        data-testid="session-card-title"
      >
        {shown.title}
      </Text>
      {showEmotions && session.emotions && (
        <Group gap="sm" aria-label={t('feedback:reactions.label')} role="group">
          {EMOTIONS.map(({ key, icon }) => (
            <Text key={key} size="xs" c="dimmed">
              <span aria-hidden="true">{icon} </span>
              {/* One vocabulary with the output reactions (issue 9, item 14). */}
              <VisuallyHidden>{t(`feedback:reactions.${key}`)} </VisuallyHidden>
              {session.emotions?.[key] ?? 0}
            </Text>
          ))}
        </Group>
      )}
      {!watchable && <VisuallyHidden>{t('notWatchable')}</VisuallyHidden>}
    </Stack>
  );

  const common = {
    withBorder: true,
    radius: 'md',
    padding: 'sm',
    w: width,
  } as const;

  if (!watchable) {
    return (
      <Card
        {...common}
        aria-disabled="true"
        style={{ filter: 'grayscale(1)', opacity: 0.55, cursor: 'not-allowed' }}
      >
        {content}
      </Card>
    );
  }
  return (
    <Card {...common} component={Link} to={`/session/${encodeURIComponent(session.id)}`}>
      {content}
    </Card>
  );
}

/** The placeholder a sessions list shows while loading (the spec's lists show 6). */
export function SessionCardSkeleton({ width = CARD_WIDTH }: { width?: number }) {
  return (
    <Card withBorder radius="md" padding="sm" w={width} aria-hidden="true">
      <Card.Section>
        <Skeleton h={Math.round(width * CARD_ASPECT)} radius={0} />
      </Card.Section>
      <Skeleton h={14} mt="sm" w="80%" />
      <Skeleton h={12} mt={8} w="50%" />
    </Card>
  );
}
