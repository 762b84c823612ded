import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/contracts/api/sessions';
import { sessionChoiceGroups } from './session-choices';

const s = (id: string, status: SessionSummary['status'], startTime: number, isWatchable = true) =>
  ({ id, title: 'Ocean', status, startTime, isWatchable }) as SessionSummary;
const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}(${String(o.time)})` : key);

describe('sessionChoiceGroups (issue 9, item 4)', () => {
  it('tells live from archive, with the live start, and hides what cannot be watched', () => {
    const groups = sessionChoiceGroups(
      [
        s('archive', 'COMPLETE', 1),
        s('live', 'IN_PROGRESS', Date.UTC(2026, 10, 23, 3)),
        s('unwatchable', 'NOTICE', 5, false),
        s('private', 'PRIVATE', 6),
      ],
      'en',
      t,
    );
    expect(groups.map((g) => g.group)).toEqual(['form.groupLive', 'form.groupArchive']);
    expect(groups[0]!.items).toEqual([
      { value: 'live', label: expect.stringMatching(/^Ocean — form\.kindLive\(.+\)$/) },
    ]);
    expect(groups[1]!.items).toEqual([{ value: 'archive', label: 'Ocean — form.kindArchive' }]);
    const ids = groups.flatMap((g) => g.items.map((i) => i.value));
    expect(ids).not.toContain('unwatchable');
    expect(ids).not.toContain('private');
  });
});
