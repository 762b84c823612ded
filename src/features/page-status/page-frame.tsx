import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-width work page (the staff pages: moderation, news): its heading, intro and content. */
export function PageFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" p="md" maw={960} mx="auto" w="100%">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {intro}
      </Text>
      {children}
    </Stack>
  );
}
