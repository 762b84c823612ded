import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MyActivitiesResponse,
  UserFeedbacksResponse,
  UserMemosResponse,
  UserOutputsResponse,
  UserSessionsResponse,
  UserTagsResponse,
  type ActivityTab,
} from '@/contracts/api/profile';
import { apiClient } from '@/lib/api-client';
import { profileKey } from './get-profile';

const userUrl = (userId: string, list: string) => `/v1/user/${encodeURIComponent(userId)}/${list}`;

/** GET /v1/user/{id}/outputs?withSession=true: newest first. */
export const userOutputsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...profileKey(userId), 'outputs'],
    queryFn: async () =>
      (
        await apiClient.request(UserOutputsResponse, {
          url: userUrl(userId, 'outputs'),
          params: { withSession: true },
        })
      ).items,
    staleTime: 30_000,
  });

export function useUserOutputs(userId: string) {
  return useQuery(userOutputsQuery(userId));
}

/** GET /v1/user/{id}/feedbacks: feedback the user wrote. */
export function useUserFeedbacks(userId: string, enabled = true) {
  return useQuery({
    queryKey: [...profileKey(userId), 'feedbacks'],
    queryFn: async () =>
      (await apiClient.request(UserFeedbacksResponse, { url: userUrl(userId, 'feedbacks') })).items,
    enabled,
    staleTime: 30_000,
  });
}

/** GET /v1/user/{id}/sessions: sessions the user joined, latest first. */
export function useUserSessions(userId: string) {
  return useQuery({
    queryKey: [...profileKey(userId), 'sessions'],
    queryFn: async () =>
      (await apiClient.request(UserSessionsResponse, { url: userUrl(userId, 'sessions') })).items,
    staleTime: 30_000,
  });
}

/** GET /v1/user/{id}/tags: word, job and lifestyle tags of the sessions joined. */
export function useUserTags(userId: string, enabled = true) {
  return useQuery({
    queryKey: [...profileKey(userId), 'tags'],
    queryFn: async () =>
      (await apiClient.request(UserTagsResponse, { url: userUrl(userId, 'tags') })).items,
    enabled,
    staleTime: 60_000,
  });
}

/** GET /v1/user/{id}/memos: the owner's own memos (others are refused). */
export function useUserMemos(userId: string, enabled = true) {
  return useQuery({
    queryKey: [...profileKey(userId), 'memos'],
    queryFn: async () =>
      (await apiClient.request(UserMemosResponse, { url: userUrl(userId, 'memos') })).items,
    enabled,
    staleTime: 30_000,
  });
}

/** GET /v1/me/activities?tab=…: the activity panel of the own profile. */
export const myActivitiesQuery = (tab: ActivityTab) =>
  queryOptions({
    queryKey: ['me', 'activities', tab],
    queryFn: async () =>
      (await apiClient.request(MyActivitiesResponse, { url: '/v1/me/activities', params: { tab } }))
        .items,
    staleTime: 30_000,
  });

export function useMyActivities(tab: ActivityTab, enabled = true) {
  return useQuery({ ...myActivitiesQuery(tab), enabled });
}
