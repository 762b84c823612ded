import * as z from 'zod/mini';
import { apiClient } from '@/lib/api-client';

/**
 * POST /v1/auth/logout revokes the refresh token family; the tokens are cleared whatever the
 * server answers, so a user offline can still log out of this device.
 */
export async function logout(): Promise<void> {
  const refreshToken = apiClient.tokens.getRefreshToken();
  try {
    if (refreshToken) {
      await apiClient.request(z.unknown(), {
        method: 'post',
        url: '/v1/auth/logout',
        data: { refreshToken },
      });
    }
  } catch {
    // Nothing to tell the user: the local tokens are gone either way.
  } finally {
    apiClient.tokens.clear();
    // The service worker's copies of this account's API reads (issue 13) leave with it;
    // downloaded sessions stay (they are the device's, managed in /setting/download).
    if (typeof caches !== 'undefined') await caches.delete('api-reads').catch(() => false);
  }
}
