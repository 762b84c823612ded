import { ActionIcon, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Work } from '@/contracts/entities';

/**
 * The work's examples, one at a time (there is no Mantine carousel package for v9 here): a region
 * announced as a carousel, previous/next buttons, arrow keys, and a live "Example n of m".
 */
export function ExamplesCarousel({ examples }: { examples: Work['examples'] }) {
  const { t } = useTranslation('outputs');
  const [index, setIndex] = useState(0);
  const titleId = useId();
  const count = examples.length;
  const example = examples[index]!;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(-1);
    if (e.key === 'ArrowRight') go(1);
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-roledescription="carousel"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-testid="examples-carousel"
    >
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600} id={titleId}>
          {t('examples.title')}
        </Text>
        {count > 1 && (
          <Group gap={4}>
            <ActionIcon
              variant="default"
              aria-label={t('examples.previous')}
              onClick={() => go(-1)}
            >
              <span aria-hidden>‹</span>
            </ActionIcon>
            <Text size="xs" c="gray.7" aria-live="polite" miw={72} ta="center">
              {t('examples.position', { index: index + 1, count })}
            </Text>
            <ActionIcon variant="default" aria-label={t('examples.next')} onClick={() => go(1)}>
              <span aria-hidden>›</span>
            </ActionIcon>
          </Group>
        )}
      </Group>
      <Box
        role="group"
        aria-roledescription="slide"
        aria-label={t('examples.position', { index: index + 1, count })}
      >
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <Image src={example.image} alt="" w={96} h={72} radius="sm" fit="cover" />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {example.description}
            </Text>
          </Stack>
        </Group>
      </Box>
    </Paper>
  );
}
