import { describe, expect, it } from 'vitest';
import type { Role } from '@/contracts/user-entities';
import { contactHref, userMenuEntries } from './menu';

const keys = (
  role: Role,
  canSeeFeedbackZero = false,
  supportUrl: string | null = 'https://support.example',
) =>
  userMenuEntries({ role }, { canSeeFeedbackZero, supportUrl }).map((e) =>
    e.kind === 'route' ? `${e.key} ${e.to}` : e.key,
  );

describe('user menu', () => {
  it.each(['teacher', 'staff', 'admin'] as const)(
    'gives %s the studio, report, support and download settings',
    (role) => {
      expect(keys(role)).toEqual([
        'profile /mypage',
        'settings /setting/download',
        'studio /studio',
        'report /report',
        'moderation /moderation',
        'concerns /concerns',
        'news /news',
        'support',
        'logout',
      ]);
    },
  );

  it.each(['member', 'supporter', 'graduated'] as const)(
    'gives %s no report and language settings',
    (role) => {
      expect(keys(role)).toEqual(['profile /mypage', 'settings /setting/language', 'logout']);
    },
  );

  it('shows feedback-zero only when the permission is granted', () => {
    expect(keys('teacher', true)).toContain('feedbackZero /feedbackzero');
    expect(keys('member', true)).toContain('feedbackZero /feedbackzero');
    expect(keys('teacher', false)).not.toContain('feedbackZero /feedbackzero');
  });

  it('leaves support out when no support site is configured', () => {
    expect(keys('teacher', false, null)).not.toContain('support');
  });
});

describe('contact link', () => {
  const both = {
    contactEmail: 'help@school.example',
    contactUrl: 'https://school.example/contact',
  };
  it('uses mail for English users and the contact page otherwise', () => {
    expect(contactHref('en', both)).toBe('mailto:help@school.example');
    expect(contactHref('ja', both)).toBe('https://school.example/contact');
  });
  it('falls back to whatever is configured, or nothing', () => {
    expect(contactHref('en', { contactEmail: null, contactUrl: 'https://c.example' })).toBe(
      'https://c.example',
    );
    expect(contactHref('ja', { contactEmail: null, contactUrl: null })).toBeNull();
  });
});
