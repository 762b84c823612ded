import type { Stream } from '@/contracts/entities';
import { StreamResponse } from '@/contracts/stream';
import { apiClient } from '@/lib/api-client';

/** GET /v1/stream/{id}: the room. */
export async function fetchStream(streamId: string): Promise<Stream> {
  const { item } = await apiClient.request(StreamResponse, {
    url: `/v1/stream/${encodeURIComponent(streamId)}`,
  });
  return item;
}
