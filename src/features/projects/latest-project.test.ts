import { describe, expect, it } from 'vitest';
import { latestProject, listTime, pickNewerList, projectTime } from './latest-project';

const p = (id: string, updatedAt: number, latestPublishedAt: number | null = null) => ({
  id,
  updatedAt,
  latestPublishedAt,
});

describe('the newer of the two project lists', () => {
  it('a project counts by its latest edit or publication', () => {
    expect(projectTime(p('a', 10, 30))).toBe(30);
    expect(projectTime(p('a', 10))).toBe(10);
    expect(listTime([])).toBe(0);
  });

  it('the published-order list wins when it holds the most recent moment', () => {
    const byUpdated = [p('draft', 100)];
    const byPublished = [p('shared', 50, 200), p('draft', 100)];
    expect(pickNewerList(byUpdated, byPublished)).toBe(byPublished);
    expect(latestProject(byUpdated, byPublished)?.id).toBe('shared');
  });

  it('the updated-order list wins when it is newer, and on a tie', () => {
    const byUpdated = [p('draft', 300), p('shared', 50, 200)];
    const byPublished = [p('shared', 50, 200), p('draft', 300)];
    expect(latestProject(byUpdated, byPublished)?.id).toBe('draft');
    const same = [p('x', 5, 5)];
    expect(pickNewerList(same, [p('y', 5)])).toBe(same);
  });

  it('one empty list loses; two empty lists give no project', () => {
    const byPublished = [p('only', 1, 2)];
    expect(pickNewerList([], byPublished)).toBe(byPublished);
    expect(latestProject([], [])).toBeNull();
  });
});
