import { Anchor, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Role } from '@/contracts/user-entities';
import { surveyIdentificationNumber, surveyLink } from './survey-id';

export interface HomeBannersProps {
  role: Role;
  /** The account name (`id`) used in the survey identification number. */
  userId: string;
  /** The name of the user's first group (sorted as /v1/me returns them), or null. */
  groupName: string | null;
  surveyUrl: string | null;
  supportUrl: string | null;
}

/** The Q&A support banner is for admin and teacher only (core platform §6). */
const showsSupportBanner = (role: Role): boolean => role === 'admin' || role === 'teacher';

function Banner({
  title,
  text,
  href,
  linkText,
  children,
}: {
  title: string;
  text: string;
  href: string | null;
  linkText: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('home');
  // A banner is there for its link: without one configured it is not shown (issue 9, item 9).
  if (!href) return null;
  return (
    <Card withBorder radius="md" padding="md" bg="cyan.0">
      <Title order={3} size="h6">
        {title}
      </Title>
      <Text size="sm" mt={4}>
        {text}
      </Text>
      {children}
      <Anchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        fw={600}
        c="cyan.9"
        mt="xs"
        display="block"
      >
        {linkText}
        <VisuallyHidden> {t('banners.newTab')}</VisuallyHidden>
      </Anchor>
    </Card>
  );
}

/**
 * The side column of banners on mobile and tablet: the survey (with the identification number the
 * answers are matched by) and, for admin and teacher, Q&A support.
 */
export function HomeBanners({ role, userId, groupName, surveyUrl, supportUrl }: HomeBannersProps) {
  const { t } = useTranslation('home');
  const idNumber = surveyIdentificationNumber(groupName, userId);
  if (!surveyUrl && !(supportUrl && showsSupportBanner(role))) return null;
  return (
    <Stack component="aside" aria-label={t('banners.label')} gap="sm">
      <Banner
        title={t('banners.survey.title')}
        text={t('banners.survey.text')}
        href={surveyLink(surveyUrl, idNumber)}
        linkText={t('banners.survey.link')}
      >
        {idNumber && (
          <Text size="sm" mt={4}>
            {t('banners.survey.idNumber')}
            <Text
              component="span"
              display="block"
              ff="monospace"
              fw={700}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="survey-id"
            >
              {idNumber}
            </Text>
          </Text>
        )}
      </Banner>
      {showsSupportBanner(role) && (
        <Banner
          title={t('banners.support.title')}
          text={t('banners.support.text')}
          href={supportUrl}
          linkText={t('banners.support.link')}
        />
      )}
    </Stack>
  );
}
