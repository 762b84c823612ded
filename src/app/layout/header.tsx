import { Anchor, Box, Group, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HEADER_HEIGHT } from '@/contracts/constants';
import type { Me } from '@/contracts/entities';
import { UserMenu } from './user-menu';

/** The global header, 64 px: logo home, and the user menu once the user is known. */
export function Header({ me }: { me: Me | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      component="header"
      h={HEADER_HEIGHT}
      px="md"
      bg="var(--mantine-color-body)"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/" aria-label={t('header.home')} display="flex">
          <Image src="/logo.svg" alt="" h={32} w="auto" fit="contain" />
        </Anchor>
        {me && <UserMenu me={me} />}
      </Group>
    </Box>
  );
}
