import type { Me } from '@/contracts/user-entities';
import { isStaffRole } from '@/contracts/user-entities';

export type MenuEntry =
  | {
      key:
        | 'profile'
        | 'settings'
        | 'studio'
        | 'report'
        | 'moderation'
        | 'concerns'
        | 'news'
        | 'feedbackZero';
      kind: 'route';
      to: string;
    }
  | { key: 'support'; kind: 'external'; href: string }
  | { key: 'logout'; kind: 'action' };

/**
 * The header's user menu for a user (spec: header section). Staff roles (teacher, staff, admin)
 * get the report and support entries and reach settings at downloads; others at language.
 */
export function userMenuEntries(
  user: Pick<Me, 'role'>,
  options: { canSeeFeedbackZero: boolean; supportUrl: string | null },
): MenuEntry[] {
  const staff = isStaffRole(user.role);
  const entries: MenuEntry[] = [
    { key: 'profile', kind: 'route', to: '/mypage' },
    { key: 'settings', kind: 'route', to: staff ? '/setting/download' : '/setting/language' },
  ];
  // The studio, by its name (issue 24): where a teacher makes lessons.
  if (staff) entries.push({ key: 'studio', kind: 'route', to: '/studio' });
  if (staff) entries.push({ key: 'report', kind: 'route', to: '/report' });
  // The moderation queue (pending outputs and feedback) is for the same staff roles.
  if (staff) entries.push({ key: 'moderation', kind: 'route', to: '/moderation' });
  // Pupils' concerns (issue 26), kept apart from the moderation queue.
  if (staff) entries.push({ key: 'concerns', kind: 'route', to: '/concerns' });
  // News items for the home page are published by the same staff roles (issue 14).
  if (staff) entries.push({ key: 'news', kind: 'route', to: '/news' });
  if (staff && options.supportUrl)
    entries.push({ key: 'support', kind: 'external', href: options.supportUrl });
  if (options.canSeeFeedbackZero)
    entries.push({ key: 'feedbackZero', kind: 'route', to: '/feedbackzero' });
  entries.push({ key: 'logout', kind: 'action' });
  return entries;
}

/** Footer contact: mailto for English users, the web contact page otherwise (whichever exists). */
export function contactHref(
  lang: string,
  targets: { contactEmail: string | null; contactUrl: string | null },
): string | null {
  const mail = targets.contactEmail ? `mailto:${targets.contactEmail}` : null;
  return lang === 'en' ? (mail ?? targets.contactUrl) : (targets.contactUrl ?? mail);
}
