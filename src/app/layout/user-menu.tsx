import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Me } from '@/contracts/user-entities';
import { logout, usePermission } from '@/features/auth';
import { config } from '../config';
import { userMenuEntries } from '../menu';

/** The header's user menu: Mantine's Menu gives arrow-key navigation, Escape and focus return. */
export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const feedbackZero = usePermission('seeFeedbackZero');
  const entries = userMenuEntries(me, {
    canSeeFeedbackZero: feedbackZero.isPermitted,
    supportUrl: config.supportUrl,
  });

  const onLogout = async () => {
    await logout();
    window.location.reload();
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        {/* The name is the visible text plus a hidden "user menu", so what a speech user says
            ("click Hana") and what a screen reader announces agree (WCAG 2.5.3). */}
        <UnstyledButton p={4} style={{ borderRadius: 999 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={me.image} alt="" radius="xl" size={36} color="cyan" aria-hidden>
              {me.displayName.slice(0, 1)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm" maw={160} truncate>
              {me.displayName}
            </Text>
            <VisuallyHidden>{t('header.userMenu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) => {
          switch (entry.kind) {
            case 'route':
              return (
                <Menu.Item key={entry.key} component={Link} to={entry.to}>
                  {t(`header.${entry.key}`)}
                </Menu.Item>
              );
            case 'external':
              return (
                <Menu.Item
                  key={entry.key}
                  component="a"
                  href={entry.href}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t(`header.${entry.key}`)}
                </Menu.Item>
              );
            case 'action':
              return [
                <Menu.Divider key="divider" />,
                <Menu.Item key={entry.key} color="red.9" onClick={() => void onLogout()}>
                  {t('header.logout')}
                </Menu.Item>,
              ];
          }
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
