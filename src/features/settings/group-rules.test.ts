import { describe, expect, it } from 'vitest';
import type { Group } from '@/contracts/user-entities';
import { resolveGroupRoute, settingsGroups } from './group-rules';

const group = (id: string, name: string, parentId: string | null, suspended = false): Group => ({
  id,
  name,
  parentId,
  schoolId: 's1',
  confirmType: suspended ? 'suspended' : 'active',
  projectAvailable: true,
  updatedAt: 0,
});

describe('settingsGroups', () => {
  it('sorts by name, each parent followed by its children, orphans at the end', () => {
    const groups = [
      group('c2', 'Class B', 'g2'),
      group('orphan', 'Art club', 'missing-parent'),
      group('g2', 'Grade 2', null),
      group('c1', 'Class A', 'g2'),
      group('g1', 'Grade 1', null),
      group('c3', 'Class C', 'g1'),
    ];
    expect(settingsGroups(groups).map((g) => g.id)).toEqual([
      'g1',
      'c3',
      'g2',
      'c1',
      'c2',
      'orphan',
    ]);
  });

  it('leaves out suspended groups; their children become orphans', () => {
    const groups = [
      group('g1', 'Grade 1', null, true),
      group('c1', 'Class A', 'g1'),
      group('c2', 'Class B', 'g3', true),
      group('g3', 'Grade 3', null),
    ];
    expect(settingsGroups(groups).map((g) => g.id)).toEqual(['g3', 'c1']);
  });

  it('puts an orphan’s own children right after it', () => {
    const groups = [
      group('o', 'Orphan', 'x'),
      group('oc', 'Orphan child', 'o'),
      group('a', 'A', null),
    ];
    expect(settingsGroups(groups).map((g) => g.id)).toEqual(['a', 'o', 'oc']);
  });
});

describe('resolveGroupRoute', () => {
  const groups = [group('g1', 'Grade 1', null), group('c1', 'Class A', 'g1')];
  it('chooses the first group when no id is given', () => {
    expect(resolveGroupRoute(groups, undefined)).toEqual({
      kind: 'redirect',
      to: '/setting/group/g1',
    });
  });
  it("opens on the teacher's own class, not the grade group above it (issue 9, item 21)", () => {
    expect(resolveGroupRoute(groups, undefined, ['g1', 'c1'])).toEqual({
      kind: 'redirect',
      to: '/setting/group/c1',
    });
  });
  it('shows a group among them and sends any other id home', () => {
    expect(resolveGroupRoute(groups, 'c1')).toEqual({ kind: 'show', group: groups[1] });
    expect(resolveGroupRoute(groups, 'other-school')).toEqual({ kind: 'redirect', to: '/' });
  });
  it('has an empty state without groups', () => {
    expect(resolveGroupRoute([], undefined)).toEqual({ kind: 'empty' });
    expect(resolveGroupRoute([], 'g1')).toEqual({ kind: 'redirect', to: '/' });
  });
});
