import { AspectRatio, Box, Flex, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';
import { MAIN_COLUMN_WIDTH, WRAPPER_WIDTH } from '@/contracts/constants';
import { LiveSessionsPanel } from './live-sessions-panel';
import type { LiveSessionItem } from './live-sessions';
import { POSTING_RULES } from './posting-rules';
import { useLegalTranslation } from './use-legal-translation';

export type PolicyPageProps = {
  /**
   * Source of the 16:9 video; the app chooses it (a plain <video> plays MP4/WebM, not HLS).
   * Null: no policy video is configured, and the page shows none rather than a stand-in clip.
   */
  videoSrc: string | null;
  /** A player to use instead of the plain <video> (the app hands in an HLS one). */
  video?: ReactNode;
  /** Overrides the default caption under the video. */
  videoCaption?: string;
  /** Live sessions already filtered by selectLiveSessions (useLiveSessions does it). */
  liveSessions: readonly LiveSessionItem[];
  loading: boolean;
  liveSessionsError?: boolean;
};

/** Anchor of the rules list, so a violation notice can link to /policy#rules. */
const POLICY_RULES_ANCHOR = 'rules';

/**
 * /policy: the posting rules, with live sessions beside them. Japanese for ja, else English.
 * Renders inside the app layout's <main>, so it adds landmarks below it (article, regions) only.
 */
export function PolicyPage({
  videoSrc,
  video,
  videoCaption,
  liveSessions,
  loading,
  liveSessionsError = false,
}: PolicyPageProps) {
  const { t, lang } = useLegalTranslation();
  const titleId = useId();
  const rulesId = useId();
  const hiddenId = useId();
  useDocumentTitle(t('policy.documentTitle'));

  return (
    <Flex
      maw={WRAPPER_WIDTH}
      mx="auto"
      gap="xl"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'flex-start' }}
      lang={lang}
    >
      <Box
        component="article"
        aria-labelledby={titleId}
        maw={MAIN_COLUMN_WIDTH}
        miw={0}
        style={{ flex: '1 1 0' }}
      >
        <Stack gap="lg">
          <Title order={1} id={titleId}>
            {t('policy.title')}
          </Title>
          <Text>{t('policy.lead')}</Text>

          {videoSrc !== null && (
            <Box component="figure" m={0}>
              <AspectRatio ratio={16 / 9}>
                {video ?? (
                  <video
                    controls
                    preload="metadata"
                    src={videoSrc}
                    aria-label={t('policy.video.label')}
                    style={{ objectFit: 'contain', background: 'black' }}
                  />
                )}
              </AspectRatio>
              <Text component="figcaption" size="sm" mt="xs">
                {videoCaption ?? t('policy.video.caption')}
              </Text>
            </Box>
          )}

          <Box component="section" aria-labelledby={rulesId}>
            <Title order={2} id={rulesId} mb="md">
              {t('policy.rulesHeading')}
            </Title>
            <List type="ordered" spacing="md" withPadding id={POLICY_RULES_ANCHOR}>
              {POSTING_RULES.map((rule) => (
                <List.Item key={rule}>
                  <Title order={3} size="h5">
                    {t(`policy.rules.${rule}.title`)}
                  </Title>
                  <Text>{t(`policy.rules.${rule}.description`)}</Text>
                </List.Item>
              ))}
            </List>
          </Box>

          <Box component="section" aria-labelledby={hiddenId}>
            <Title order={2} id={hiddenId} mb="md">
              {t('policy.hiddenHeading')}
            </Title>
            <Stack gap="xs">
              <Text>{t('policy.hidden')}</Text>
              <Text>{t('policy.hiddenProfile')}</Text>
            </Stack>
          </Box>
        </Stack>
      </Box>

      <Box w={{ base: '100%', sm: 288 }} style={{ flexShrink: 0 }}>
        <LiveSessionsPanel
          liveSessions={liveSessions}
          loading={loading}
          error={liveSessionsError}
        />
      </Box>
    </Flex>
  );
}
