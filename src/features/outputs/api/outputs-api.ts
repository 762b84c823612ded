import { useQuery } from '@tanstack/react-query';
import {
  OutputListResponse,
  OutputResponse,
  SessionWorksResponse,
  UploadImageResponse,
  type CreateOutputRequest,
  type UpdateOutputRequest,
} from '@/contracts/api/outputs';
import type { Output, Work } from '@/contracts/entities';
import { apiClient } from '@/lib/api-client';
import { sessionRead, staleOn } from '@/features/live/queries';

export const sessionOutputsKey = (sessionId: string) => ['session', sessionId, 'outputs'] as const;
const sessionWorksKey = (sessionId: string) => ['session', sessionId, 'works'] as const;

/** GET /v1/session/{id}/outputs: what the viewer may see, own drafts included. */
async function fetchSessionOutputs(sessionId: string): Promise<Output[]> {
  const { items } = await apiClient.request(OutputListResponse, {
    url: `/v1/session/${encodeURIComponent(sessionId)}/outputs`,
  });
  return items;
}

export function useSessionOutputs(sessionId: string, enabled = true) {
  return useQuery({
    queryKey: sessionOutputsKey(sessionId),
    queryFn: () => fetchSessionOutputs(sessionId),
    enabled,
    // A new output, a feedback, or a reaction on an output changes the cards.
    meta: staleOn(
      (followed, e) =>
        followed === sessionId &&
        (e.type === 'reconnected' ||
          e.change.kind === 'output' ||
          e.change.kind === 'feedback' ||
          (e.change.kind === 'action' && e.change.outputId !== undefined)),
    ),
  });
}

/** GET /v1/session/{id}/works. */
async function fetchSessionWorks(sessionId: string): Promise<Work[]> {
  const { items } = await apiClient.request(SessionWorksResponse, {
    url: `/v1/session/${encodeURIComponent(sessionId)}/works`,
  });
  return items;
}

export function useSessionWorks(sessionId: string, enabled = true) {
  return useQuery({
    queryKey: sessionWorksKey(sessionId),
    queryFn: () => fetchSessionWorks(sessionId),
    enabled,
    meta: sessionRead(sessionId),
    staleTime: 5 * 60_000,
  });
}

/** POST /v1/output (a draft with status autosaved, or the post with status published). */
export async function createOutput(body: CreateOutputRequest): Promise<Output> {
  const { item } = await apiClient.request(OutputResponse, {
    method: 'POST',
    url: '/v1/output',
    data: body,
  });
  return item;
}

/** PUT /v1/output/{id}: the author's edit. */
export async function updateOutput(id: string, body: UpdateOutputRequest): Promise<Output> {
  const { item } = await apiClient.request(OutputResponse, {
    method: 'PUT',
    url: `/v1/output/${encodeURIComponent(id)}`,
    data: body,
  });
  return item;
}

/** POST /v1/output/image: uploads a prepared JPEG; returns the stored image's URL. */
export async function uploadOutputImage(jpeg: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', jpeg, 'image.jpg');
  const { url } = await apiClient.request(UploadImageResponse, {
    method: 'POST',
    url: '/v1/output/image',
    data: form,
  });
  return url;
}
