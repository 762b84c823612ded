import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  InquiryProjectResponse,
  InquiryProjectsResponse,
  PinnedSlidesResponse,
  type ProjectOrder,
} from '@/contracts/api/projects';
import type { InquiryProject } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';
import { latestProject } from '../latest-project';

async function myProjects(orderBy: ProjectOrder): Promise<InquiryProject[]> {
  const { items } = await apiClient.request(InquiryProjectsResponse, {
    url: '/v1/inquiryProjects',
    params: { isMe: true, isTrashed: false, orderBy },
  });
  return items;
}

/** Every projects read. */
export const PROJECTS_KEY = ['projects'] as const;
/**
 * GET /v1/inquiryProjects twice (orderBy updatedAt and latestPublishedAt), at once: neither
 * depends on the other, and one after the other cost the home page a round trip (issue 10). The
 * newer list wins and its first project is the one 'Work on project' shows.
 */
export const latestProjectQuery = () =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'latest'],
    queryFn: async () => {
      const [byUpdated, byPublished] = await Promise.all([
        myProjects('updatedAt'),
        myProjects('latestPublishedAt'),
      ]);
      return latestProject(byUpdated, byPublished);
    },
    staleTime: 60_000,
  });

export function useLatestProject(enabled: boolean) {
  return useQuery({ ...latestProjectQuery(), enabled });
}

/** GET /v1/inquiryProjects/pinnedSlides. */
export const pinnedSlidesQuery = () =>
  queryOptions({
    queryKey: [...PROJECTS_KEY, 'pinnedSlides'],
    queryFn: async () =>
      (await apiClient.request(PinnedSlidesResponse, { url: '/v1/inquiryProjects/pinnedSlides' }))
        .items,
    staleTime: 60_000,
  });

export function usePinnedSlides(enabled: boolean) {
  return useQuery({ ...pinnedSlidesQuery(), enabled });
}

/** POST /v1/inquiryProject; the API client retries it per the spec's retry rule. */
export function useCreateProject() {
  return useMutation({
    mutationFn: async (name: string) =>
      (
        await apiClient.request(InquiryProjectResponse, {
          method: 'post',
          url: '/v1/inquiryProject',
          data: { name },
        })
      ).item,
  });
}
