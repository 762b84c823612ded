import type { InquiryProject } from '@/contracts/entities';

type Dated = Pick<InquiryProject, 'updatedAt' | 'latestPublishedAt'>;

/** The most recent moment anything happened to a project: edited or published. */
export const projectTime = (p: Dated): number => Math.max(p.updatedAt, p.latestPublishedAt ?? 0);

/** The newest moment in a list (0 for an empty list). */
export const listTime = (list: readonly Dated[]): number =>
  list.reduce((max, p) => Math.max(max, projectTime(p)), 0);

/**
 * The home page asks for the own projects twice, ordered by updatedAt and by latestPublishedAt;
 * "the newer list wins" (core platform §7). Newer means the list holding the most recent edit or
 * publication; on a tie the updatedAt list wins, since its first item is the one last touched.
 */
export function pickNewerList<T extends Dated>(
  byUpdated: readonly T[],
  byPublished: readonly T[],
): readonly T[] {
  return listTime(byPublished) > listTime(byUpdated) ? byPublished : byUpdated;
}

/** The project the 'Work on project' card shows: the first of the winning list, if any. */
export function latestProject<T extends Dated>(
  byUpdated: readonly T[],
  byPublished: readonly T[],
): T | null {
  return pickNewerList(byUpdated, byPublished)[0] ?? null;
}
