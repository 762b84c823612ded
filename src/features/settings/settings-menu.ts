import { isStaffRole, type Role } from '@/contracts/entities';

export type SettingsPane = 'download' | 'language' | 'password' | 'group' | 'privacy';
/** The panes listed in the menu (privacy exists but is not listed). */
export type MenuPane = Exclude<SettingsPane, 'privacy'>;

/** Member menu: language, password. Staff roles (teacher, staff, admin): all four. */
export function settingsMenu(role: Role): MenuPane[] {
  return isStaffRole(role)
    ? ['download', 'language', 'password', 'group']
    : ['language', 'password'];
}

/** Panes only staff roles may open, and where everyone else is sent (spec: Settings). */
export function redirectForPane(role: Role, pane: SettingsPane): string | null {
  if (isStaffRole(role)) return null;
  if (pane === 'download') return '/setting';
  if (pane === 'group') return '/';
  return null;
}

/** The pane of a /setting/... path, or null for /setting itself. */
export function paneOfPath(pathname: string): SettingsPane | null {
  const match = /^\/setting\/(download|language|password|group|privacy)(?:\/|$)/.exec(pathname);
  return (match?.[1] as SettingsPane | undefined) ?? null;
}

/** Megabytes (1024 × 1024 bytes) floored to one decimal: 1.99 MB shows as 1.9. */
export function megabytes(bytes: number): number {
  return Math.floor((bytes / (1024 * 1024)) * 10) / 10;
}
