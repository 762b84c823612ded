import { Alert, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { INQUIRY_BODY_MAX, INQUIRY_SUBJECT_MAX } from '@/contracts/api/older-service';
import { pageTitle } from '@/lib/page-title';
import { useSendInquiry } from './api';

type Field = 'subject' | 'body' | 'email';
type Errors = Partial<Record<Field, string>>;

/**
 * /contact: the contact form the footer opens when no contact URL or address is configured
 * (POST /v0/inquiry). It reaches the provider's admins, who read it on /moderation. A failed send
 * keeps what was typed.
 */
export function ContactPage() {
  const { t } = useTranslation('news');
  const send = useSendInquiry();
  const [form, setForm] = useState({ subject: '', body: '', email: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = pageTitle(t('contact.title'));
  }, [t]);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const validate = (): Errors => {
    const e: Errors = {};
    const subject = form.subject.trim();
    const body = form.body.trim();
    const email = form.email.trim();
    if (!subject) e.subject = t('contact.subjectRequired');
    else if (subject.length > INQUIRY_SUBJECT_MAX)
      e.subject = t('contact.tooLong', { max: INQUIRY_SUBJECT_MAX });
    if (!body) e.body = t('contact.bodyRequired');
    else if (body.length > INQUIRY_BODY_MAX)
      e.body = t('contact.tooLong', { max: INQUIRY_BODY_MAX });
    if (email && !z.email().max(200).safeParse(email).success) e.email = t('contact.emailInvalid');
    return e;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    const email = form.email.trim();
    send.mutate(
      { subject: form.subject.trim(), body: form.body.trim(), ...(email ? { email } : {}) },
      {
        onSuccess: () => {
          setForm({ subject: '', body: '', email: '' });
          setSent(true);
        },
      },
    );
  };

  const set = (field: Field) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <Stack gap="md" p="md" maw={640} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('contact.title')}
      </Title>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status" ref={sentRef} tabIndex={-1}>
            {t('contact.sent')}
          </Alert>
          <Group>
            <Button variant="light" onClick={() => setSent(false)}>
              {t('contact.another')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {t('contact.intro')}
            </Text>
            <TextInput
              label={t('contact.subjectLabel')}
              required
              value={form.subject}
              onChange={(e) => set('subject')(e.currentTarget.value)}
              error={errors.subject}
              maxLength={INQUIRY_SUBJECT_MAX + 20}
            />
            <Textarea
              label={t('contact.bodyLabel')}
              required
              autosize
              minRows={5}
              value={form.body}
              onChange={(e) => set('body')(e.currentTarget.value)}
              error={errors.body}
              description={`${form.body.trim().length} / ${INQUIRY_BODY_MAX}`}
            />
            <TextInput
              label={t('contact.emailLabel')}
              type="email"
              autoComplete="email"
              value={form.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
            />
            {send.isError && (
              <Alert color="red" variant="light" role="alert">
                {t('contact.failed')}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={send.isPending}>
                {t('contact.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
