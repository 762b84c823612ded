import { useQuery } from '@tanstack/react-query';
import { FollowResponse, UserListResponse } from '@/contracts/api/profile';
import { apiClient } from '@/lib/api-client';
import { profileKey } from './get-profile';

/**
 * POST /v1/follow/{id}. Returns true when the user is now followed, false on any failure: the
 * spec swallows follow failures (no message).
 */
export async function follow(userId: string): Promise<boolean> {
  try {
    const res = await apiClient.request(FollowResponse, {
      method: 'post',
      url: `/v1/follow/${encodeURIComponent(userId)}`,
    });
    return res.isFollowing;
  } catch {
    return false;
  }
}

/** DELETE /v1/follow/{id}. Returns true when the user is no longer followed, false on failure. */
export async function unfollow(userId: string): Promise<boolean> {
  try {
    const res = await apiClient.request(FollowResponse, {
      method: 'delete',
      url: `/v1/follow/${encodeURIComponent(userId)}`,
    });
    return !res.isFollowing;
  } catch {
    return false;
  }
}

/** GET /v1/user/{id}/followers or /follows (the own lists are /v1/followers and /v1/follows). */
export function useFollowList(
  userId: string,
  direction: 'followers' | 'follows',
  isMe: boolean,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: [...profileKey(userId), direction],
    queryFn: async () =>
      (
        await apiClient.request(UserListResponse, {
          url: isMe ? `/v1/${direction}` : `/v1/user/${encodeURIComponent(userId)}/${direction}`,
        })
      ).items,
    staleTime: 30_000,
  });
}
