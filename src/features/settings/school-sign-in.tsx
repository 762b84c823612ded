import { Button, FileButton, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@/contracts/constants';
import type { SchoolSignIn } from '@/contracts/api/groups';
import { isApiError } from '@/lib/api-errors';
import { useSaveSchoolSignIn, useSchoolSignIn } from './api/school-sign-in';

/** The roster as the page shows it again: one `account,email` line per mapped pupil. */
const rosterText = (item: SchoolSignIn) =>
  item.roster.map((r) => `${r.account},${r.email}`).join('\n');

/** The server's line codes (users/school-sign-in.ts) the page words. */
const LINE_CODES = ['format', 'email', 'duplicate', 'notMember', 'tooMany'] as const;
type LineCode = (typeof LINE_CODES)[number];
const lineCode = (message: string): LineCode => LINE_CODES.find((c) => c === message) ?? 'format';

/**
 * Sign-in with the school's own Google or Microsoft accounts (issue 30): staff give the shown
 * group a roster (`account,email` lines, typed or loaded from a CSV file) or the school's domain,
 * so pupils sign in with the accounts the school already gave them instead of each linking their
 * own. A line to fix is named with why, and nothing is saved until all are right.
 */
export function SchoolSignInSection({ groupId }: { groupId: string }) {
  const current = useSchoolSignIn(groupId);
  if (current.isError || !current.data) return null;
  return <SchoolSignInForm key={groupId} groupId={groupId} initial={current.data} />;
}

function SchoolSignInForm({ groupId, initial }: { groupId: string; initial: SchoolSignIn }) {
  const { t } = useTranslation('setting');
  const save = useSaveSchoolSignIn(groupId);
  const [domain, setDomain] = useState(initial.domain ?? '');
  const [roster, setRoster] = useState(rosterText(initial));
  const [lineErrors, setLineErrors] = useState<string[]>([]);
  const [domainError, setDomainError] = useState<string | null>(null);

  const submit = () => {
    setLineErrors([]);
    setDomainError(null);
    save.mutate(
      { domain: domain.trim() === '' ? null : domain.trim(), roster },
      {
        onSuccess: (item) => {
          setRoster(rosterText(item));
          notifications.show({
            color: 'teal',
            message: t('schoolSignIn.saved', { count: item.roster.length }),
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          if (!isApiError(error) || error.status !== 400) {
            setLineErrors([t('schoolSignIn.failed')]);
            return;
          }
          const lines: string[] = [];
          for (const field of error.fields) {
            if (field.path === 'domain') setDomainError(t('schoolSignIn.badDomain'));
            const line = /^roster\.(\d+)$/.exec(field.path)?.[1];
            const code = lineCode(field.message);
            lines.push(
              line
                ? t('schoolSignIn.lineError', { line, reason: t(`schoolSignIn.reason.${code}`) })
                : t(`schoolSignIn.reason.${code}`),
            );
          }
          setLineErrors(lines);
        },
      },
    );
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="school-sign-in-title">
      <Title order={3} size="h5" id="school-sign-in-title">
        {t('schoolSignIn.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('schoolSignIn.help')}
      </Text>
      <TextInput
        label={t('schoolSignIn.domain')}
        description={t('schoolSignIn.domainHelp')}
        placeholder="school.ed.jp"
        value={domain}
        onChange={(e) => setDomain(e.currentTarget.value)}
        error={domainError}
        maw={420}
      />
      <Textarea
        label={t('schoolSignIn.roster')}
        description={t('schoolSignIn.rosterHelp')}
        placeholder={'account,email\nstudent01,student01@school.ed.jp'}
        value={roster}
        onChange={(e) => setRoster(e.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={12}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        error={lineErrors.length ? t('schoolSignIn.fix', { count: lineErrors.length }) : null}
      />
      {lineErrors.length > 0 && (
        <div role="alert">
          <Stack gap={2} component="ul" m={0} pl="md">
            {lineErrors.map((line, i) => (
              <Text key={i} component="li" size="sm" c="red.8">
                {line}
              </Text>
            ))}
          </Stack>
        </div>
      )}
      <Group gap="sm">
        <FileButton
          accept=".csv,text/csv,text/plain"
          onChange={(file) => void file?.text().then(setRoster)}
        >
          {(props) => (
            <Button {...props} variant="default">
              {t('schoolSignIn.loadCsv')}
            </Button>
          )}
        </FileButton>
        <Button onClick={submit} loading={save.isPending}>
          {t('schoolSignIn.save')}
        </Button>
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('schoolSignIn.count', { count: initial.roster.length })}
        </Text>
      </Group>
    </Stack>
  );
}
