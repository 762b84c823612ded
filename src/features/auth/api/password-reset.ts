import { PasswordResetResponse } from '@/contracts/api/older-service';
import { apiClient } from '@/lib/api-client';

/**
 * POST /v0/password-reset: asks the pupil's teachers for a new password. True when the request
 * was accepted; any failure is swallowed and answered false (spec: "returns true or false,
 * failures swallowed").
 */
export async function requestPasswordReset(username: string): Promise<boolean> {
  try {
    return await apiClient.request(PasswordResetResponse, {
      method: 'post',
      url: '/v0/password-reset',
      data: { username: username.trim() },
    });
  } catch {
    return false;
  }
}
