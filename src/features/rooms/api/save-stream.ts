import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Stream } from '@/contracts/entities';
import {
  StreamResponse,
  type CreateStreamRequest,
  type UpdateStreamRequest,
} from '@/contracts/stream';
import { apiClient } from '@/lib/api-client';
import { applyOwnChange } from '../room-rules';
import { STREAMS_KEY } from './list-streams';

/** POST /v1/stream: the caller becomes the host. */
async function createStream(body: CreateStreamRequest): Promise<Stream> {
  const { item } = await apiClient.request(StreamResponse, {
    method: 'post',
    url: '/v1/stream',
    data: body,
  });
  return item;
}

/** PUT /v1/stream/{id}: any subset of the fields; `isDeleted: true` deletes (softly). */
async function updateStream(id: string, body: UpdateStreamRequest): Promise<Stream> {
  const { item } = await apiClient.request(StreamResponse, {
    method: 'put',
    url: `/v1/stream/${encodeURIComponent(id)}`,
    data: body,
  });
  return item;
}

/** Writes a saved room into every cached rooms list at once (the hub's echo is then a no-op). */
function useApplySaved() {
  const queryClient = useQueryClient();
  return (stream: Stream) =>
    queryClient.setQueriesData<readonly Stream[]>({ queryKey: STREAMS_KEY }, (list) =>
      list ? applyOwnChange(list, stream) : list,
    );
}

export function useCreateStream() {
  const applySaved = useApplySaved();
  return useMutation({ mutationFn: createStream, onSuccess: applySaved });
}

export function useUpdateStream() {
  const applySaved = useApplySaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStreamRequest }) => updateStream(id, body),
    onSuccess: applySaved,
  });
}
