import { Anchor, Box, Button, Group, Image } from '@mantine/core';
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
          {/* The studio by its name (issue 24; docs/decisions/0001-studio-entrance.md): staff
              roles only, in this tab, with a clapperboard, not the spec's magnifying glass. */}
          {me && isStaffRole(me.role) && (
            <Button
              component={Link}
              to="/studio"
              variant="subtle"
              size="sm"
              px="xs"
              leftSection={<StudioIcon />}
              data-testid="header-studio"
            >
              {t('header.studio')}
            </Button>
          )}
          {me && <UserMenu me={me} />}
        </Group>
      </Group>
    </Box>
  );
}

/** A clapperboard: making lessons, not searching. */
function StudioIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <rect x="3.5" y="9" width="17" height="11" rx="1.5" stroke="currentColor" strokeWidth="2" />
      <path
        d="M3.5 9l1-4.2 16 0L19.5 9M8.5 4.8L7 9M13.5 4.8L12 9"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
