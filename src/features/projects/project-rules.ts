import { SLIDE_CANVAS } from '@/contracts/constants';
import type { Group, Role } from '@/contracts/user-entities';

/**
 * Both project sections show only when no group of the user has projectAvailable false and the
 * device is not mobile (core platform §2 "Home page").
 */
export function projectSectionsVisible(
  groups: readonly Pick<Group, 'projectAvailable'>[],
  isMobile: boolean,
): boolean {
  return !isMobile && groups.every((g) => g.projectAvailable);
}

/** 'Work on project' is hidden for graduated users. */
export const workOnProjectVisible = (role: Role): boolean => role !== 'graduated';

/** The scale that fits the 1920×1080 canvas into a box, keeping its proportions. */
export function fitScale(
  box: { width: number; height: number },
  canvas: { width: number; height: number } = SLIDE_CANVAS,
): number {
  if (box.width <= 0 || canvas.width <= 0) return 0;
  const byWidth = box.width / canvas.width;
  // A box without a height yet (laid out by its width only) scales by width.
  if (box.height <= 0) return byWidth;
  return Math.min(byWidth, box.height / canvas.height);
}

/** The project's page on the projects site, or null when the site is not configured. */
export function projectPageUrl(
  siteUrl: string | null,
  projectId: string,
  anchor?: string,
): string | null {
  if (!siteUrl) return null;
  const base = siteUrl.replace(/\/+$/, '');
  return `${base}/projects/${encodeURIComponent(projectId)}/detail${anchor ? `#${anchor}` : ''}`;
}

/** The projects list on the projects site ('see more'), or null when not configured. */
export function projectsListUrl(siteUrl: string | null): string | null {
  return siteUrl ? `${siteUrl.replace(/\/+$/, '')}/projects` : null;
}
