import { ActionIcon, Anchor, Box, Group, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HEADER_HEIGHT } from '@/contracts/constants';
import { isStaffRole, type Me } from '@/contracts/user-entities';
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
        <Group gap="xs" wrap="nowrap">
          {/* The spec's search-style button that opens the studio in a new tab: staff roles only. */}
          {me && isStaffRole(me.role) && (
            <ActionIcon
              component="a"
              href="/studio"
              target="_blank"
              rel="noopener"
              variant="subtle"
              size="lg"
              aria-label={t('header.studio')}
              title={t('header.studio')}
              data-testid="header-studio"
            >
              <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth="2" />
                <path
                  d="M16 16l4.5 4.5"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </ActionIcon>
          )}
          {me && <UserMenu me={me} />}
        </Group>
      </Group>
    </Box>
  );
}
