import { UnlockAccountResponse } from '@/contracts/api/auth';
import { apiClient } from '@/lib/api-client';

/**
 * POST /v1/user/{id}/unlock: a teacher clears a pupil's login delays (issue 8). Answers how many
 * failed logins were cleared; throws ApiError (403 when the pupil is not in one's groups).
 */
export async function unlockUser(userId: string): Promise<UnlockAccountResponse> {
  return apiClient.request(UnlockAccountResponse, {
    method: 'post',
    url: `/v1/user/${encodeURIComponent(userId)}/unlock`,
  });
}
