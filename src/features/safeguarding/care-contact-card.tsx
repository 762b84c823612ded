import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARE_CONTACT_MAX } from '@/contracts/api/safeguarding';
import { useCare, useSetCareContact } from './api';

/**
 * On /concerns: who a pupil is pointed to with the caring message — the helpline and the
 * school's own people — and, for the school's teachers, where they set that contact.
 */
export function CareContactCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('safeguarding');
  const care = useCare();
  const save = useSetCareContact();
  const [draft, setDraft] = useState<string | null>(null);
  const contact = care.data?.school?.contact ?? null;
  const editing = draft !== null;
  const tooLong = (draft ?? '').trim().length > CARE_CONTACT_MAX;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="care-contact-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="care-contact-title">
          {t('contact.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('contact.intro')}
        </Text>
        <Text>
          {care.data?.helpline.name ?? t('care.helplineName')}{' '}
          <Text span fw={700} style={{ whiteSpace: 'nowrap' }}>
            {care.data?.helpline.phone ?? t('care.helplinePhone')}
          </Text>
        </Text>
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (tooLong) return;
              save.mutate({ contact: draft }, { onSuccess: () => setDraft(null) });
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t('contact.label', { school: care.data?.school?.name ?? '' })}
                description={t('contact.hint', { max: CARE_CONTACT_MAX })}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                error={tooLong ? t('contact.tooLong', { max: CARE_CONTACT_MAX }) : undefined}
                autosize
                minRows={2}
                data-autofocus
              />
              {save.isError && (
                <Text c="red.9" size="sm" role="alert">
                  {t('contact.saveFailed')}
                </Text>
              )}
              <Group gap="xs">
                <Button type="submit" loading={save.isPending} disabled={tooLong}>
                  {t('contact.save')}
                </Button>
                <Button variant="default" onClick={() => setDraft(null)} disabled={save.isPending}>
                  {t('contact.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <Text data-testid="care-contact">
              <Text span fw={700}>
                {t('care.atSchool')}
                {': '}
              </Text>
              {contact ?? t('care.schoolFallback')}
            </Text>
            {canEdit && care.data?.school && (
              <Button variant="light" size="xs" onClick={() => setDraft(contact ?? '')}>
                {t('contact.edit')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
