import { useQuery } from '@tanstack/react-query';
import {
  ReflectionResponse,
  ReflectionsResponse,
  type ProfileReflection,
  type UpdateReflectionRequest,
} from '@/contracts/api/profile';
import { apiClient } from '@/lib/api-client';
import { sessionQuery } from '@/features/sessions/queries';

export const reflectionsKey = ['reflections'] as const;

/** GET /v1/user/{id}/reflections: all of the own, only published ones of others. */
export function useUserReflections(userId: string, enabled = true) {
  return useQuery({
    queryKey: [...reflectionsKey, 'user', userId],
    queryFn: async () =>
      (
        await apiClient.request(ReflectionsResponse, {
          url: `/v1/user/${encodeURIComponent(userId)}/reflections`,
        })
      ).items,
    enabled,
    staleTime: 30_000,
  });
}

/** GET /v1/me/reflections?sessionId=…: the own reflection on a session, or null. */
export function useMyReflection(sessionId: string, enabled = true) {
  return useQuery({
    queryKey: [...reflectionsKey, 'mine', sessionId],
    queryFn: async () => {
      const { items } = await apiClient.request(ReflectionsResponse, {
        url: '/v1/me/reflections',
        params: { sessionId, withSession: true },
      });
      return items[0] ?? null;
    },
    enabled,
  });
}

/**
 * The session's reflection settings (the placeholders of the three notes): a `select` over the
 * session's one query (GET /v1/session/{id} has one owner, the sessions feature; issue 28).
 */
export function useReflectionSettings(sessionId: string, enabled = true) {
  return useQuery({
    ...sessionQuery(sessionId),
    select: (session) => session?.reflection ?? null,
    enabled,
    staleTime: 5 * 60_000,
  });
}

export interface ReflectionDraft {
  ideaNote: string;
  thinkNote: string;
  actionNote: string;
  /** 0 to 10, or null when not scored. */
  score: number | null;
  status: 'published' | 'draft';
}

/** POST /v1/session/{id}/reflection. */
export async function createReflection(
  sessionId: string,
  draft: ReflectionDraft,
): Promise<ProfileReflection> {
  const { item } = await apiClient.request(ReflectionResponse, {
    method: 'post',
    url: `/v1/session/${encodeURIComponent(sessionId)}/reflection`,
    data: draft,
  });
  return item;
}

/** PUT /v1/reflection/{id}. */
export async function updateReflection(
  id: string,
  body: UpdateReflectionRequest,
): Promise<ProfileReflection> {
  const { item } = await apiClient.request(ReflectionResponse, {
    method: 'put',
    url: `/v1/reflection/${encodeURIComponent(id)}`,
    data: body,
  });
  return item;
}

/** DELETE /v1/reflection/{id}. */
export async function deleteReflection(id: string): Promise<void> {
  await apiClient.request(ReflectionResponse, {
    method: 'delete',
    url: `/v1/reflection/${encodeURIComponent(id)}`,
  });
}
