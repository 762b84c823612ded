import { describe, expect, it } from 'vitest';
import { HIDDEN_FEEDBACK_MS } from '../../contracts/constants';
import type { Role } from '../../contracts/entities';
import { feedbackVisibility, mayViewOutput, type OutputFacts } from './visibility';

const NOW = 1_800_000_000_000;
const AUTHOR = 'author';
const roles: Role[] = ['member', 'supporter', 'graduated', 'teacher', 'staff', 'admin'];
const staff = (r: Role) => r === 'teacher' || r === 'staff' || r === 'admin';

describe('feedbackVisibility', () => {
  it('shows published feedback to every role, with reactions for all but its author', () => {
    for (const role of roles) {
      const f = { userId: AUTHOR, status: 'published' as const, hidden: false, reportedAt: null };
      expect(feedbackVisibility({ id: 'other', role }, f, NOW)).toEqual({
        awaitingApproval: false,
        canReact: true,
        hidden: false,
      });
      expect(feedbackVisibility({ id: AUTHOR, role }, f, NOW)?.canReact).toBe(false);
    }
  });

  it('shows pending and rejected feedback as awaiting approval to the author and staff roles only', () => {
    for (const status of ['pending', 'rejected'] as const) {
      for (const role of roles) {
        const f = { userId: AUTHOR, status, hidden: false, reportedAt: null };
        const other = feedbackVisibility({ id: 'other', role }, f, NOW);
        expect(other === null, `${status} ${role}`).toBe(!staff(role));
        expect(feedbackVisibility({ id: AUTHOR, role }, f, NOW)).toMatchObject({
          awaitingApproval: true,
          canReact: false,
        });
      }
    }
  });

  it('hides reported feedback from other pupils for exactly one hour', () => {
    const at = (ms: number) => ({
      userId: AUTHOR,
      status: 'published' as const,
      hidden: false,
      reportedAt: NOW - ms,
    });
    expect(feedbackVisibility({ id: 'p', role: 'member' }, at(0), NOW)).toBeNull();
    expect(
      feedbackVisibility({ id: 'p', role: 'member' }, at(HIDDEN_FEEDBACK_MS - 1), NOW),
    ).toBeNull();
    expect(
      feedbackVisibility({ id: 'p', role: 'member' }, at(HIDDEN_FEEDBACK_MS), NOW),
    ).not.toBeNull();
    expect(feedbackVisibility({ id: 'p', role: 'teacher' }, at(0), NOW)?.hidden).toBe(true);
    expect(feedbackVisibility({ id: AUTHOR, role: 'member' }, at(0), NOW)?.hidden).toBe(true);
  });
});

describe('mayViewOutput', () => {
  const o = (over: Partial<OutputFacts> = {}): OutputFacts => ({
    userId: AUTHOR,
    authorSchoolId: 's1',
    authorStatus: 'active',
    status: 'published',
    isHidden: false,
    ...over,
  });
  const v = (role: Role, schoolId: string | null = 's1', id = 'v') => ({ id, role, schoolId });

  it('keeps outputs within the school, except for staff and admin', () => {
    expect(mayViewOutput(v('member'), o())).toBe(true);
    expect(mayViewOutput(v('member', 's2'), o())).toBe(false);
    expect(mayViewOutput(v('teacher', 's2'), o())).toBe(false);
    expect(mayViewOutput(v('staff', null), o())).toBe(true);
    expect(mayViewOutput(v('admin', null), o())).toBe(true);
  });

  it('shows pending, rejected and hidden outputs to staff roles and the author only, drafts to the author', () => {
    for (const over of [
      { status: 'pending' as const },
      { status: 'rejected' as const },
      { isHidden: true },
    ]) {
      expect(mayViewOutput(v('member'), o(over))).toBe(false);
      expect(mayViewOutput(v('teacher'), o(over))).toBe(true);
      expect(mayViewOutput(v('member', 's1', AUTHOR), o(over))).toBe(true);
    }
    expect(mayViewOutput(v('teacher'), o({ status: 'autosaved' }))).toBe(false);
    expect(mayViewOutput(v('member', 's1', AUTHOR), o({ status: 'autosaved' }))).toBe(true);
  });
});
