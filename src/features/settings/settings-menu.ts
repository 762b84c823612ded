import { isStaffRole, type Role } from '@/contracts/user-entities';

export type SettingsPane =
  'download' | 'language' | 'password' | 'notification' | 'group' | 'privacy';
/** The panes listed in the menu (privacy exists but is not listed). */
export type MenuPane = Exclude<SettingsPane, 'privacy'>;

/**
 * Member menu: language, password, notifications. Staff roles (teacher, staff, admin): all five.
 * Notifications (push on this device, issue 14) are not in the spec's menu: see
 * docs/decisions/0166-push-notifications.md.
 */
export function settingsMenu(role: Role): MenuPane[] {
  return isStaffRole(role)
    ? ['download', 'language', 'password', 'notification', 'group']
    : ['language', 'password', 'notification'];
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
  const match = /^\/setting\/(download|language|password|notification|group|privacy)(?:\/|$)/.exec(
    pathname,
  );
  return (match?.[1] as SettingsPane | undefined) ?? null;
}

/** Megabytes (1024 × 1024 bytes) floored to one decimal: 1.99 MB shows as 1.9. */
export function megabytes(bytes: number): number {
  return Math.floor((bytes / (1024 * 1024)) * 10) / 10;
}
