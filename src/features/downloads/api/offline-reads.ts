import { z } from 'zod';
import { apiClient, queryString, type RequestConfig } from '@/lib/api-client';

/**
 * A lesson's API read kept for offline viewing: made now with this user's token through the API
 * client (refresh and retries included), answered as the raw body the page will ask for again,
 * under the address (path and query) it will ask at.
 */
export async function readForOffline(
  read: Pick<RequestConfig, 'url' | 'params'>,
): Promise<{ path: string; body: unknown }> {
  const body: unknown = await apiClient.request(z.unknown(), read);
  return { path: `${read.url}${queryString(read.params)}`, body };
}
