import { Box, Button, Center, Group, Loader, NavLink, Paper, Stack, Title } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { MOBILE_BREAKPOINT, SETTINGS_MENU_WIDTH, SETTINGS_WIDTH } from '@/contracts/constants';
import type { Me } from '@/contracts/user-entities';
import { useMe } from '@/features/auth';
import { paneOfPath, redirectForPane, settingsMenu, type MenuPane } from './settings-menu';

/**
 * Mantine's default error red (red.6) and dimmed grey (gray.6) are below 4.5:1 on white; the
 * settings area uses darker shades so every message, description and button label stays readable.
 */
export const READABLE_COLORS = {
  '--mantine-color-error': 'var(--mantine-color-red-8)',
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  // White on the theme's cyan.8 is 4.34:1; cyan.9 reaches 4.5:1 for the filled buttons.
  '--mantine-primary-color-filled': 'var(--mantine-color-cyan-9)',
  '--mantine-primary-color-filled-hover': 'var(--mantine-color-cyan-9)',
} as CSSProperties;

/** The signed-in user for the panes; the app layout renders them only once it is loaded. */
export function useSettingsUser(): Me | undefined {
  return useMe().data;
}

function SettingsMenu({ entries, active }: { entries: MenuPane[]; active: string | null }) {
  const { t } = useTranslation('setting');
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={t('menuLabel')}>
      <Stack gap={2}>
        {entries.map((pane) => (
          <NavLink
            key={pane}
            component={Link}
            to={`/setting/${pane}`}
            label={t(`menu.${pane}`)}
            active={active === pane}
            aria-current={active === pane ? 'page' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * /setting: the menu and one pane, 1408 px wide with a 290 px menu. On mobile the menu shows
 * alone at /setting and a pane alone (with a back button) below it. Members are sent away from
 * the staff-only panes here, before a pane loads anything.
 */
export function SettingsPage() {
  const { t } = useTranslation('setting');
  useDocumentTitle(t('documentTitle'));
  const me = useSettingsUser();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  if (!me) return null;

  const entries = settingsMenu(me.role);
  const pane = paneOfPath(pathname);
  const away = pane ? redirectForPane(me.role, pane) : null;
  if (away) return <Navigate to={away} replace />;
  if (!pane && !isMobile) return <Navigate to={`/setting/${entries[0] ?? 'language'}`} replace />;

  return (
    // The shell's main column is narrower than the settings page: widen it around the centre.
    <Box
      style={{
        ...READABLE_COLORS,
        width: `min(${SETTINGS_WIDTH}px, calc(100vw - 48px))`,
        marginLeft: `calc(50% - min(${SETTINGS_WIDTH / 2}px, calc(50vw - 24px)))`,
      }}
    >
      <Title order={1} size="h2" mb="md">
        {t('title')}
      </Title>
      {/* One tree for both widths, the pane always in the same place: resizing across the
          breakpoint (a Chromebook's split screen) keeps an open dialog and what was typed. */}
      <Group align="flex-start" gap="lg" wrap="nowrap">
        {!isMobile && (
          <Box w={SETTINGS_MENU_WIDTH} style={{ flexShrink: 0 }}>
            <SettingsMenu entries={entries} active={pane} />
          </Box>
        )}
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          {isMobile && pane && (
            <Group>
              <Button component={Link} to="/setting" variant="subtle" px={0} leftSection="‹">
                {t('back')}
              </Button>
            </Group>
          )}
          {isMobile && !pane ? <SettingsMenu entries={entries} active={null} /> : <PaneOutlet />}
        </Stack>
      </Group>
    </Box>
  );
}

/** The pane, with its own fallback so loading it never blanks the menu. */
function PaneOutlet() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      }
    >
      <Outlet />
    </Suspense>
  );
}

/** A pane's frame: its heading and body. */
export function PaneFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} size="h3" mb="lg">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
