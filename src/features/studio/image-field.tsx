import { Box, Button, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDIO_DEFAULT_IMAGE } from '@/contracts/api/studio';
import { IMAGE_ACCEPT, prepareImage } from '@/features/outputs';
import { uploadStudioImage } from './api/studio-api';

type Issue = 'overQuota' | 'unsupported' | 'unreadable' | 'uploadFailed';

/**
 * A picture of the lesson (issue 24): pick a file, see it, remove it. The file goes the pupils'
 * way (prepared in the browser, re-encoded and stripped on the server) and is recorded as the
 * teacher's school's. Empty: the neutral default picture, shown as such.
 */
export function ImageField({
  label,
  value,
  onChange,
  noneText,
  testId,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** What an empty field means (default: the neutral picture is shown). */
  noneText?: string;
  testId: string;
}) {
  const { t } = useTranslation('studio');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [issue, setIssue] = useState<Issue | null>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    setIssue(null);
    setBusy(true);
    try {
      const prepared = await prepareImage(file);
      if (!prepared.ok) {
        setIssue(prepared.reason);
        return;
      }
      onChange(await uploadStudioImage(prepared.blob));
    } catch {
      setIssue('uploadFailed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={id}
      error={issue ? t(`image.issue.${issue}`) : undefined}
    >
      <Stack gap={6} mt={4}>
        <Box
          w="100%"
          maw={320}
          style={{
            aspectRatio: '16 / 9',
            borderRadius: 8,
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-gray-4)',
          }}
        >
          <Image
            src={value || STUDIO_DEFAULT_IMAGE}
            alt={value ? t('image.previewAlt', { label }) : t('image.defaultAlt')}
            h="100%"
            w="100%"
            fit="cover"
            data-testid={`${testId}-preview`}
          />
        </Box>
        {!value && (
          <Text size="sm" c="gray.7">
            {noneText ?? t('image.none')}
          </Text>
        )}
        <Group gap="xs">
          <FileButton
            onChange={(f) => void pick(f)}
            accept={IMAGE_ACCEPT}
            inputProps={{ 'data-testid': `${testId}-input` } as object}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="compact-sm"
                disabled={busy}
                aria-describedby={`${id}-hint`}
                data-testid={`${testId}-pick`}
              >
                {value ? t('image.replace') : t('image.choose')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              size="compact-sm"
              onClick={() => onChange('')}
              disabled={busy}
              data-testid={`${testId}-remove`}
            >
              {t('image.remove')}
            </Button>
          )}
          {busy && <Loader size="xs" aria-label={t('image.uploading')} />}
        </Group>
        <Text size="xs" c="gray.7" id={`${id}-hint`}>
          {t('image.hint')}
        </Text>
      </Stack>
    </Input.Wrapper>
  );
}
