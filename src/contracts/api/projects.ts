import { z } from 'zod';
import { nameText } from '../names';
import { EpochMs, Id, InquiryProject, PublicUser, SlideSchemaItem } from '../entities';
import { QueryBoolean } from './users';

/** The two orders the home page asks for (core platform §7); the newer list wins. */
export const ProjectOrder = z.enum(['updatedAt', 'latestPublishedAt']);
export type ProjectOrder = z.infer<typeof ProjectOrder>;

/**
 * GET /v1/inquiryProjects: `isMe` lists the caller's own projects, otherwise the projects of the
 * caller's school; trashed ones only with isTrashed=true. Newest first by `orderBy`.
 */
export const InquiryProjectsQuery = z.object({
  isMe: z.optional(QueryBoolean),
  isTrashed: z.optional(QueryBoolean),
  orderBy: ProjectOrder.optional(),
});
export const InquiryProjectsResponse = z.object({ items: z.array(InquiryProject) });

/** A published slide of a pinned project, as 'Explore projects' shows it. */
export const PinnedSlide = z.object({
  id: Id,
  projectId: Id,
  projectName: z.string(),
  user: PublicUser,
  slideSchema: z.array(SlideSchemaItem),
  values: z.record(z.string(), z.unknown()),
  publishedAt: EpochMs,
});
export type PinnedSlide = z.infer<typeof PinnedSlide>;
/** GET /v1/inquiryProjects/pinnedSlides: newest first; the home page shows the first 3. */
export const PinnedSlidesResponse = z.object({ items: z.array(PinnedSlide) });

const PROJECT_NAME_MAX = 60;
/** POST /v1/inquiryProject: a new, empty project of the caller. */
export const CreateInquiryProjectRequest = z
  .object({
    name: nameText(PROJECT_NAME_MAX),
  })
  .strict();
export const InquiryProjectResponse = z.object({ item: InquiryProject });
export const InquiryProjectParams = z.object({ id: Id });
