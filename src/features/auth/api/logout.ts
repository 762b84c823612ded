import * as z from 'zod/mini';
import { API_READS_CACHE_NAME } from '@/contracts/constants';
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
    // The service worker's copies of this account's API reads (issue 13) leave with it, before
    // the next account can sign in (src/app/service-worker.ts also drops them on any sign-out);
    // downloaded sessions stay (they are the device's, managed in /setting/download).
    if (typeof caches !== 'undefined') await caches.delete(API_READS_CACHE_NAME).catch(() => false);
  }
}
