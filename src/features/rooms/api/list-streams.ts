import { useQuery } from '@tanstack/react-query';
import type { Stream } from '@/contracts/entities';
import { ListStreamsResponse } from '@/contracts/stream';
import { apiClient } from '@/lib/api-client';
import { streamsQuery } from '../room-rules';

/** Every cached rooms list lives under this prefix, so one change can update them all. */
export const STREAMS_KEY = ['streams'] as const;
export const streamsKey = (sessionId?: string) => [...STREAMS_KEY, sessionId ?? 'all'] as const;

/** GET /v1/streams: rooms of the user's groups started in the last 12 hours, not deleted. */
async function fetchStreams(sessionId?: string, now = Date.now()): Promise<Stream[]> {
  const { items } = await apiClient.request(ListStreamsResponse, {
    url: '/v1/streams',
    params: streamsQuery(now, sessionId),
  });
  return items;
}

export function useStreams(sessionId?: string) {
  return useQuery<readonly Stream[]>({
    queryKey: streamsKey(sessionId),
    queryFn: () => fetchStreams(sessionId),
  });
}
