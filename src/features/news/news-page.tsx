import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { z } from 'zod';
import { ARTICLE_BODY_MAX, ARTICLE_TITLE_MAX, type Article } from '@/contracts/api/older-service';
import { MODAL_TRANSITION_MS, TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import { isStaffRole, type Role } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { LoadError, PageFrame, PageLoader } from '@/features/page-status';
import { pageTitle } from '@/lib/page-title';
import { formatDateTime } from '@/lib/time';
import { usePublishArticle, useStaffArticles, useUpdateArticle } from './api';
import { ConfirmModal } from './confirm-modal';

type Field = 'title' | 'body' | 'url';
type Errors = Partial<Record<Field, string>>;
type ArticleForm = Record<Field, string>;
const EMPTY: ArticleForm = { title: '', body: '', url: '' };

/** The form's checks, the same as the server's (CreateArticleRequest, UpdateArticleRequest). */
function validateArticle(form: ArticleForm, t: TFunction<'news'>): Errors {
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
}

/** Title, body and link: the publish form's and the edit dialog's fields. */
function ArticleFields({
  form,
  errors,
  onChange,
  autoFocus,
}: {
  form: ArticleForm;
  errors: Errors;
  onChange: (field: Field, value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('news');
  return (
    <>
      <TextInput
        label={t('publish.titleLabel')}
        required
        value={form.title}
        onChange={(e) => onChange('title', e.currentTarget.value)}
        error={errors.title}
        description={`${form.title.trim().length} / ${ARTICLE_TITLE_MAX}`}
        data-autofocus={autoFocus ? true : undefined}
      />
      <Textarea
        label={t('publish.bodyLabel')}
        autosize
        minRows={4}
        value={form.body}
        onChange={(e) => onChange('body', e.currentTarget.value)}
        error={errors.body}
        description={`${form.body.trim().length} / ${ARTICLE_BODY_MAX}`}
      />
      <TextInput
        label={t('publish.urlLabel')}
        type="url"
        value={form.url}
        onChange={(e) => onChange('url', e.currentTarget.value)}
        error={errors.url}
      />
    </>
  );
}

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

  const validate = (): Errors => validateArticle(form, t);

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
          <ArticleFields form={form} errors={errors} onChange={(f, v) => set(f)(v)} />
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
  const update = useUpdateArticle();
  const [editing, setEditing] = useState<Article | null>(null);
  const [withdrawing, setWithdrawing] = useState<Article | null>(null);

  const setPublished = (a: Article, publish: boolean) =>
    update.mutate(
      { id: a.id, publish },
      {
        onSuccess: () => {
          setWithdrawing(null);
          notifications.show({
            message: t(publish ? 'publish.published' : 'manage.withdrawn', { title: a.title }),
            color: 'teal',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: () =>
          notifications.show({
            message: t('manage.changeFailed'),
            color: 'red',
            autoClose: TOAST_AUTO_CLOSE_MS,
          }),
      },
    );

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
                  <Badge color={a.withdrawnAt ? 'orange' : 'gray'} variant="light">
                    {t(a.withdrawnAt ? 'manage.withdrawnBadge' : 'publish.draft')}
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
              <Group gap="xs" mt="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing(a)}
                  aria-label={t('manage.editOf', { title: a.title })}
                >
                  {t('manage.edit')}
                </Button>
                {a.publishedAt !== null ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setWithdrawing(a)}
                    aria-label={t('manage.withdrawOf', { title: a.title })}
                  >
                    {t('manage.withdraw')}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    loading={update.isPending && update.variables?.id === a.id}
                    onClick={() => setPublished(a, true)}
                    aria-label={t('manage.publishOf', { title: a.title })}
                  >
                    {t('manage.publish')}
                  </Button>
                )}
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <EditArticleModal article={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={withdrawing !== null}
        title={t('manage.withdrawTitle')}
        message={t('manage.withdrawConfirm', { title: withdrawing?.title ?? '' })}
        confirmLabel={t('manage.withdraw')}
        cancelLabel={t('manage.cancel')}
        busy={update.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && setPublished(withdrawing, false)}
      />
    </Stack>
  );
}

/**
 * Edit a news item in a dialog. A failed save keeps the dialog open with what was typed; a
 * published item stays published (its new text reaches readers at once).
 */
function EditArticleModal({ article, onClose }: { article: Article | null; onClose: () => void }) {
  const { t } = useTranslation('news');
  return (
    <Modal
      opened={article !== null}
      onClose={onClose}
      title={t('manage.editTitle')}
      transitionProps={{ duration: MODAL_TRANSITION_MS }}
      closeButtonProps={{ 'aria-label': t('manage.cancel') }}
      size="lg"
      centered
    >
      {article && <EditArticleForm key={article.id} article={article} onDone={onClose} />}
    </Modal>
  );
}

function EditArticleForm({ article, onDone }: { article: Article; onDone: () => void }) {
  const { t } = useTranslation('news');
  const update = useUpdateArticle();
  const [form, setForm] = useState<ArticleForm>({
    title: article.title,
    body: article.body,
    url: article.url ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const e = validateArticle(form, t);
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    const url = form.url.trim();
    update.mutate(
      { id: article.id, title: form.title.trim(), body: form.body.trim(), url: url || null },
      {
        onSuccess: () => {
          notifications.show({
            message: t('manage.saved'),
            color: 'teal',
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ArticleFields
          form={form}
          errors={errors}
          autoFocus
          onChange={(field, value) => {
            setForm((f) => ({ ...f, [field]: value }));
            if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
          }}
        />
        {update.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('publish.failed')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t('manage.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('manage.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
