import { PasswordResetResponse } from '@/contracts/api/older-service';
import { apiClient, toApiError } from '@/lib/api-client';

/** What became of a password-reset request, as the dialog tells the pupil. */
export type PasswordResetOutcome =
  | { kind: 'sent' }
  /** 429: this account name was asked for too often (or the address flooded); wait this long. */
  | { kind: 'tooMany'; retryAfterS: number | null }
  | { kind: 'failed' };

/**
 * POST /v0/password-reset: asks the pupil's teachers for a new password. The spec swallows
 * failures, but a 429 is told to the pupil with the wait (issue 25, hole 5): a silent "failed"
 * made them retry and stay limited. Other failures answer `failed`.
 */
export async function requestPasswordReset(username: string): Promise<PasswordResetOutcome> {
  try {
    const ok = await apiClient.request(PasswordResetResponse, {
      method: 'post',
      url: '/v0/password-reset',
      data: { username: username.trim() },
    });
    return ok ? { kind: 'sent' } : { kind: 'failed' };
  } catch (error) {
    const e = toApiError(error);
    if (e.status === 429) return { kind: 'tooMany', retryAfterS: e.retryAfterS };
    return { kind: 'failed' };
  }
}
