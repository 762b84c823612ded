import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PINNED_SLIDES, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { InquiryProject, Role } from '@/contracts/entities';
import { isApiError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/time';
import { useCreateProject, useLatestProject, usePinnedSlides } from './api/projects';
import { projectPageUrl, projectsListUrl, workOnProjectVisible } from './project-rules';
import { SlideCanvas } from './slide-canvas';
import { usePersonName } from '@/lib/person-name';
import { PROJECTS_KEY } from './api/projects';

export interface ProjectSectionsProps {
  role: Role;
  /** The projects site (VITE_PROJECTS_SITE_URL), or null when not configured. */
  siteUrl: string | null;
  /** Project feedback received since the last read (for the badge on the project card). */
  newFeedbackCount?: number;
}

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  const { t } = useTranslation('projects');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" c="cyan.9" size="sm" fw={600}>
      {children}
      <VisuallyHidden> {t('newTab')}</VisuallyHidden>
    </Anchor>
  );
}

function LatestProjectCard({
  project,
  siteUrl,
  newFeedbackCount,
}: {
  project: InquiryProject;
  siteUrl: string | null;
  newFeedbackCount: number;
}) {
  const { t } = useTranslation('projects');
  const url = projectPageUrl(siteUrl, project.id);
  // The first unit with something written in it (a fresh unit has only its layout).
  const first = project.unitOutputs.find((u) => Object.keys(u.values).length > 0);
  return (
    <Card withBorder radius="md" padding="md" data-testid="latest-project">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{project.name}</Text>
            {newFeedbackCount > 0 && (
              <Badge color="orange" variant="light">
                {t('newFeedback', { count: newFeedbackCount })}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="gray.7">
            {t('updatedAt', { time: formatDateTime(project.updatedAt) })}
          </Text>
          <Text size="xs" c="gray.7">
            {project.latestPublishedAt
              ? t('publishedAt', { time: formatDateTime(project.latestPublishedAt) })
              : t('notPublished')}
          </Text>
          {url && <ExternalLink href={url}>{t('continue')}</ExternalLink>}
        </Stack>
        {first && first.slideSchema.length > 0 && (
          <div style={{ width: 200, flexShrink: 0 }}>
            <SlideCanvas
              schema={first.slideSchema}
              values={first.values}
              label={t('slideOf', { name: project.name })}
            />
          </div>
        )}
      </Group>
    </Card>
  );
}

function WorkOnProject({ siteUrl, newFeedbackCount }: Omit<ProjectSectionsProps, 'role'>) {
  const { t } = useTranslation('projects');
  const latest = useLatestProject(true);
  const create = useCreateProject();
  const queryClient = useQueryClient();

  const onCreate = () => {
    create.mutate(t('newProjectName'), {
      onSuccess: (project) => {
        const url = projectPageUrl(siteUrl, project.id);
        if (url) {
          window.location.assign(url);
          return;
        }
        // No projects site configured: the new project becomes the card here instead.
        notifications.show({ message: t('created'), autoClose: TOAST_AUTO_CLOSE_MS });
        void queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      },
      onError: (error) => {
        const serverError = isApiError(error) && error.status >= 500;
        notifications.show({
          color: 'red',
          message: serverError ? t('serverError') : t('createFailed'),
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
      },
    });
  };

  let body;
  if (latest.isPending) body = <Skeleton h={120} radius="md" />;
  else if (latest.isError)
    body = (
      <Group gap="sm">
        <Text size="sm" c="red.8" role="alert">
          {t('loadError')}
        </Text>
        <Button size="xs" variant="light" onClick={() => void latest.refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  else if (latest.data)
    body = (
      <LatestProjectCard
        project={latest.data}
        siteUrl={siteUrl}
        newFeedbackCount={newFeedbackCount ?? 0}
      />
    );
  else
    body = (
      <Card withBorder radius="md" padding="md" data-testid="create-project">
        <Stack gap="xs" align="flex-start">
          <Text fw={700}>{t('createTitle')}</Text>
          <Text size="sm" c="gray.7">
            {t('createLead')}
          </Text>
          <Button onClick={onCreate} loading={create.isPending}>
            {t('create')}
          </Button>
        </Stack>
      </Card>
    );

  return (
    <Stack component="section" gap="sm" aria-labelledby="work-on-project-title">
      <Title order={2} size="h4" id="work-on-project-title">
        {t('workOnProject')}
      </Title>
      {body}
    </Stack>
  );
}

function ExploreProjects({ siteUrl }: Pick<ProjectSectionsProps, 'siteUrl'>) {
  const { t } = useTranslation('projects');
  const names = usePersonName();
  const slides = usePinnedSlides(true);
  const more = projectsListUrl(siteUrl);

  let body;
  if (slides.isPending)
    body = (
      <SimpleGrid cols={3} aria-busy="true">
        {Array.from({ length: PINNED_SLIDES }, (_, i) => (
          <Skeleton key={i} radius="md" style={{ aspectRatio: '16 / 9' }} />
        ))}
      </SimpleGrid>
    );
  else if (slides.isError)
    body = (
      <Text size="sm" c="red.8" role="alert">
        {t('loadError')}
      </Text>
    );
  else if (slides.data.length === 0) body = <Text size="sm">{t('noSlides')}</Text>;
  else
    body = (
      <SimpleGrid cols={3} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {slides.data.slice(0, PINNED_SLIDES).map((slide) => {
          const url = projectPageUrl(siteUrl, slide.projectId);
          return (
            <Card component="li" key={slide.id} withBorder radius="md" padding="xs">
              <Card.Section>
                <SlideCanvas
                  schema={slide.slideSchema}
                  values={slide.values}
                  label={t('slideOf', { name: slide.projectName })}
                />
              </Card.Section>
              <Text size="sm" fw={600} mt="xs" lineClamp={1}>
                {url ? (
                  <ExternalLink href={url}>{slide.projectName}</ExternalLink>
                ) : (
                  slide.projectName
                )}
              </Text>
              <Text size="xs" c="gray.7">
                {names.label(slide.user.displayName)}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    );

  return (
    <Stack component="section" gap="sm" aria-labelledby="explore-projects-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="explore-projects-title">
          {t('exploreProjects')}
        </Title>
        {more && <ExternalLink href={more}>{t('seeMore')}</ExternalLink>}
      </Group>
      {body}
    </Stack>
  );
}

/**
 * 'Work on project' (not for graduated users) and 'Explore projects'. The caller decides whether
 * they show at all (projectSectionsVisible: groups and device).
 */
export function ProjectSections({ role, siteUrl, newFeedbackCount = 0 }: ProjectSectionsProps) {
  return (
    <Stack gap="lg">
      {workOnProjectVisible(role) && (
        <WorkOnProject siteUrl={siteUrl} newFeedbackCount={newFeedbackCount} />
      )}
      <ExploreProjects siteUrl={siteUrl} />
    </Stack>
  );
}
