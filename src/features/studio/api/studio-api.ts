import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { UploadImageResponse } from '@/contracts/api/outputs';
import {
  StudioOptions,
  StudioSessionList,
  StudioSessionResponse,
  StudioVideoResponse,
  StudioWorkList,
  StudioWorkResponse,
  TranscodeJob,
  type StudioSessionInput,
  type StudioVideoInput,
  type StudioWorkInput,
} from '@/contracts/api/studio';
import { apiClient } from '@/lib/api-client';

export const studioKeys = {
  options: ['studio', 'options'] as const,
  sessions: (archived: boolean) => ['studio', 'sessions', archived] as const,
  session: (id: string) => ['studio', 'session', id] as const,
  job: (videoId: string) => ['studio', 'job', videoId] as const,
  works: ['studio', 'works'] as const,
};

const enc = encodeURIComponent;

export const useStudioOptions = () =>
  useQuery({
    queryKey: studioKeys.options,
    queryFn: () => apiClient.request(StudioOptions, { url: '/v1/studio/options' }),
    staleTime: 60_000,
  });

export const useStudioSessions = (archived: boolean) =>
  useQuery({
    queryKey: studioKeys.sessions(archived),
    queryFn: () =>
      apiClient.request(StudioSessionList, {
        url: '/v1/studio/sessions',
        params: { archived: String(archived) },
      }),
  });

export const useStudioSession = (id: string | null) =>
  useQuery({
    queryKey: studioKeys.session(id ?? ''),
    enabled: id !== null,
    queryFn: () =>
      apiClient.request(StudioSessionResponse, { url: `/v1/studio/session/${enc(id!)}` }),
  });

export const useStudioWorks = () =>
  useQuery({
    queryKey: studioKeys.works,
    queryFn: () => apiClient.request(StudioWorkList, { url: '/v1/studio/works' }),
  });

/** The latest transcoding job of a video, polled each second while it is queued or running. */
export const useTranscodeJob = (videoId: string | null, watching: boolean) =>
  useQuery({
    queryKey: studioKeys.job(videoId ?? ''),
    enabled: videoId !== null && watching,
    queryFn: () =>
      apiClient.request(z.object({ item: TranscodeJob.nullable() }), {
        url: `/v1/studio/video/${enc(videoId!)}/job`,
      }),
    refetchInterval: (q) => {
      const status = q.state.data?.item?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });

export function useSaveSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: StudioSessionInput }) =>
      apiClient.request(StudioSessionResponse, {
        method: input.id ? 'put' : 'post',
        url: input.id ? `/v1/studio/session/${enc(input.id)}` : '/v1/studio/session',
        data: input.body,
      }),
    onSuccess: (res) => {
      client.setQueryData(studioKeys.session(res.item.id), res);
      void client.invalidateQueries({ queryKey: ['studio', 'sessions'] });
    },
  });
}

export function useSessionAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'duplicate' | 'archive' | 'unarchive' }) =>
      input.action === 'duplicate'
        ? apiClient.request(StudioSessionResponse, {
            method: 'post',
            url: `/v1/studio/session/${enc(input.id)}/duplicate`,
          })
        : apiClient.request(StudioSessionResponse, {
            method: 'put',
            url: `/v1/studio/session/${enc(input.id)}/archived`,
            data: { archived: input.action === 'archive' },
          }),
    onSuccess: (res) => {
      client.setQueryData(studioKeys.session(res.item.id), res);
      void client.invalidateQueries({ queryKey: ['studio', 'sessions'] });
    },
  });
}

export function useCreateVideo(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudioVideoInput) =>
      apiClient.request(StudioSessionResponse, {
        method: 'post',
        url: `/v1/studio/session/${enc(sessionId)}/video`,
        data: body,
      }),
    onSuccess: (res) => client.setQueryData(studioKeys.session(sessionId), res),
  });
}

export function useSaveVideo(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: StudioVideoInput }) =>
      apiClient.request(StudioVideoResponse, {
        method: 'put',
        url: `/v1/studio/video/${enc(input.id)}`,
        data: input.body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.session(sessionId) }),
  });
}

export function useUploadCaption(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { videoId: string; lang: 'ja' | 'en'; text: string }) =>
      apiClient.request(StudioVideoResponse, {
        method: 'put',
        url: `/v1/studio/video/${enc(input.videoId)}/caption/${input.lang}`,
        data: { text: input.text },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.session(sessionId) }),
  });
}

export function useSaveWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: StudioWorkInput }) =>
      apiClient.request(StudioWorkResponse, {
        method: input.id ? 'put' : 'post',
        url: input.id ? `/v1/studio/work/${enc(input.id)}` : '/v1/studio/work',
        data: input.body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.works }),
  });
}

export function useDeleteWork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.request(z.object({ ok: z.literal(true) }), {
        method: 'delete',
        url: `/v1/studio/work/${enc(id)}`,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: studioKeys.works }),
  });
}

/**
 * POST /v1/studio/image: a picture prepared in the browser as pupils' are (outputs'
 * `prepareImage`), re-encoded and stripped again on the server; the answer's URL is signed.
 */
export async function uploadStudioImage(jpeg: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', jpeg, 'image.jpg');
  const { url } = await apiClient.request(UploadImageResponse, {
    method: 'POST',
    url: '/v1/studio/image',
    data: form,
  });
  return url;
}
