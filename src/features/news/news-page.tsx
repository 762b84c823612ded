import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { z } from 'zod';
import { ARTICLE_BODY_MAX, ARTICLE_TITLE_MAX } from '@/contracts/api/older-service';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { LoadError, PageFrame, PageLoader } from '@/features/page-status';
import { pageTitle } from '@/lib/page-title';
import { formatDateTime } from '@/lib/time';
import { usePublishArticle, useStaffArticles } from './api';

type Field = 'title' | 'body' | 'url';
type Errors = Partial<Record<Field, string>>;
const EMPTY = { title: '', body: '', url: '' };

/**
 * /news (staff roles; others go home): publish a news item for the home page's "News" card
 * (POST /v0/articles), or keep it as a draft, and see what was published. Provider staff (staff,
 * admin) may publish to every school.
 */
export function NewsPage() {
  const { t } = useTranslation('news');
  const me = useMe();
  const staff = me.data ? isStaffRole(me.data.role as Role) : false;

  useEffect(() => {
    document.title = pageTitle(t('publish.title'));
  }, [t]);

  if (me.isPending) return <PageLoader />;
  if (!staff || !me.data) return <Navigate to="/" replace />;
  const provider = me.data.role === 'staff' || me.data.role === 'admin';

  return (
    <PageFrame title={t('publish.title')} intro={t('publish.intro')}>
      <PublishForm provider={provider} />
      <ArticleList />
    </PageFrame>
  );
}

function PublishForm({ provider }: { provider: boolean }) {
  const { t } = useTranslation('news');
  const publish = usePublishArticle();
  const [form, setForm] = useState(EMPTY);
  const [allSchools, setAllSchools] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const validate = (): Errors => {
    const e: Errors = {};
    const title = form.title.trim();
    if (!title) e.title = t('publish.titleRequired');
    else if (title.length > ARTICLE_TITLE_MAX)
      e.title = t('publish.tooLong', { max: ARTICLE_TITLE_MAX });
    if (form.body.trim().length > ARTICLE_BODY_MAX)
      e.body = t('publish.tooLong', { max: ARTICLE_BODY_MAX });
    const url = form.url.trim();
    if (
      url &&
      !z
        .url({ protocol: /^https?$/ })
        .max(500)
        .safeParse(url).success
    )
      e.url = t('publish.urlInvalid');
    return e;
  };

  const save = (asPublished: boolean) => {
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    const url = form.url.trim();
    publish.mutate(
      {
        title: form.title.trim(),
        body: form.body.trim(),
        url: url || null,
        publish: asPublished,
        ...(provider && allSchools ? { allSchools: true } : {}),
      },
      {
        onSuccess: () => {
          setForm(EMPTY);
          setAllSchools(false);
          notifications.show({
            message: t(asPublished ? 'publish.published' : 'publish.drafted'),
            color: 'teal',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(true);
  };
  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="news-form">
      <Title order={2} size="h4" id="news-form" mb="sm">
        {t('publish.formTitle')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('publish.titleLabel')}
            required
            value={form.title}
            onChange={(e) => set('title')(e.currentTarget.value)}
            error={errors.title}
            description={`${form.title.trim().length} / ${ARTICLE_TITLE_MAX}`}
          />
          <Textarea
            label={t('publish.bodyLabel')}
            autosize
            minRows={4}
            value={form.body}
            onChange={(e) => set('body')(e.currentTarget.value)}
            error={errors.body}
            description={`${form.body.trim().length} / ${ARTICLE_BODY_MAX}`}
          />
          <TextInput
            label={t('publish.urlLabel')}
            type="url"
            value={form.url}
            onChange={(e) => set('url')(e.currentTarget.value)}
            error={errors.url}
          />
          {provider && (
            <Checkbox
              label={t('publish.allSchools')}
              checked={allSchools}
              onChange={(e) => setAllSchools(e.currentTarget.checked)}
            />
          )}
          {publish.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('publish.failed')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={publish.isPending && publish.variables?.publish}>
              {t('publish.submit')}
            </Button>
            <Button
              variant="default"
              onClick={() => save(false)}
              loading={publish.isPending && !publish.variables?.publish}
              disabled={publish.isPending}
            >
              {t('publish.saveDraft')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ArticleList() {
  const { t } = useTranslation('news');
  const articles = useStaffArticles();
  return (
    <Stack component="section" aria-labelledby="news-list" gap="sm">
      <Title order={2} size="h4" id="news-list">
        {t('publish.listTitle')}
      </Title>
      {articles.isPending ? (
        <PageLoader py={24} />
      ) : articles.isError ? (
        <LoadError title={t('publish.loadFailed')} onRetry={() => void articles.refetch()} />
      ) : articles.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('publish.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {articles.data.map((a) => (
            <Card key={a.id} component="li" withBorder radius="md" padding="sm">
              <Group gap="xs">
                <Text size="xs" c="gray.7">
                  {formatDateTime(a.publishedAt ?? a.updatedAt)}
                </Text>
                {a.publishedAt === null && (
                  <Badge color="gray" variant="light">
                    {t('publish.draft')}
                  </Badge>
                )}
                {a.schoolId === null && (
                  <Badge color="blue" variant="light">
                    {t('publish.everySchool')}
                  </Badge>
                )}
              </Group>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {a.title}
              </Text>
              {a.body && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {a.body}
                </Text>
              )}
              {a.url && (
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {a.url}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
