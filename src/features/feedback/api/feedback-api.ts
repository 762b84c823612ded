import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionSummaryResponse,
  FeedbackReactionResponse,
  FeedbackResponse,
  FeedbacksResponse,
  OutputViewerResponse,
  TranslationCapabilityResponse,
  TranslationResponse,
  ViolationResponse,
  type EmotionType,
  type FeedbackView,
  type PostFeedbackRequest,
} from '@/contracts/api/feedback';
import { RecommendResponse, type SequenceMode } from '@/contracts/api/outputs';
import type { Lang } from '@/contracts/user-entities';
import { apiClient } from '@/lib/api-client';
import { staleOn } from '@/features/live/queries';

export const feedbackKeys = {
  viewer: (outputId: string) => ['feedback', 'viewer', outputId] as const,
  list: (outputId: string) => ['feedback', 'list', outputId] as const,
  actions: (target: string, targetId: string) => ['feedback', 'actions', target, targetId] as const,
  translation: ['feedback', 'translation'] as const,
};

const enc = encodeURIComponent;

/** A read of one output (it, or its feedback): stale when it or its feedback changes. */
const outputRead = (outputId: string | null) =>
  staleOn(
    (_, e) =>
      e.type === 'reconnected' ||
      (e.change.kind === 'output' && e.change.targetId === outputId) ||
      (e.change.kind === 'feedback' && e.change.outputId === outputId),
  );

/** GET /v1/output/{id}/viewer: the output with its work's questions and session. */
export function useOutputViewer(outputId: string | null) {
  return useQuery({
    queryKey: feedbackKeys.viewer(outputId ?? ''),
    meta: outputRead(outputId),
    queryFn: async () =>
      (
        await apiClient.request(OutputViewerResponse, {
          url: `/v1/output/${enc(outputId!)}/viewer`,
        })
      ).item,
    enabled: outputId !== null,
  });
}

/** GET /v1/output/{id}/feedbacks?withUser=true. */
export function useFeedbacks(outputId: string | null) {
  return useQuery({
    queryKey: feedbackKeys.list(outputId ?? ''),
    meta: outputRead(outputId),
    queryFn: async () =>
      (
        await apiClient.request(FeedbacksResponse, {
          url: `/v1/output/${enc(outputId!)}/feedbacks`,
          params: { withUser: true },
        })
      ).items,
    enabled: outputId !== null,
  });
}

/** POST /v1/feedback. */
export async function postFeedback(body: PostFeedbackRequest): Promise<FeedbackView> {
  return (
    await apiClient.request(FeedbackResponse, { method: 'post', url: '/v1/feedback', data: body })
  ).item;
}

/** The spec's reaction to a feedback comment: like or unlike. */
export async function reactToFeedback(body: {
  feedbackId: string;
  type: 'like' | 'unlike';
  outputId: string;
  userId: string;
}) {
  return (
    await apiClient.request(FeedbackReactionResponse, {
      method: 'post',
      url: `/v1/feedback/${enc(body.feedbackId)}/reaction`,
      data: body,
    })
  ).item;
}

/** Keeps a feedback list in step after a post or a like without refetching everything. */
export function useFeedbackCache() {
  const client = useQueryClient();
  return {
    add(outputId: string, item: FeedbackView) {
      client.setQueryData<FeedbackView[]>(feedbackKeys.list(outputId), (old) => [
        ...(old ?? []),
        item,
      ]);
    },
    setLike(outputId: string, feedbackId: string, likes: number, liked: boolean) {
      client.setQueryData<FeedbackView[]>(feedbackKeys.list(outputId), (old) =>
        old?.map((f) => (f.id === feedbackId ? { ...f, likes, liked } : f)),
      );
    },
  };
}

/** GET /v1/action: counts and the user's own reactions on one target. */
export function useActions(
  target: 'session' | 'output' | 'comment' | 'output-comment',
  targetId: string,
) {
  return useQuery({
    queryKey: feedbackKeys.actions(target, targetId),
    // Its counts: a reaction on it, or a new feedback on it (an output's).
    meta: staleOn(
      (_, e) =>
        e.type === 'reconnected' ||
        (e.change.kind === 'action' && e.change.targetId === targetId) ||
        (e.change.kind === 'output' && e.change.targetId === targetId) ||
        (e.change.kind === 'feedback' && e.change.outputId === targetId),
    ),
    queryFn: async () =>
      (
        await apiClient.request(ActionSummaryResponse, {
          url: '/v1/action',
          params: { target, targetId },
        })
      ).item,
  });
}

/** POST /v1/action: toggles the user's reaction of this type. */
export async function toggleAction(
  target: 'session' | 'output' | 'comment' | 'output-comment',
  targetId: string,
  type: EmotionType,
) {
  return (
    await apiClient.request(ActionSummaryResponse, {
      method: 'post',
      url: '/v1/action',
      data: { target, targetId, type },
    })
  ).item;
}

/** GET /v1/translation: whether the server has a translation provider. */
export function useTranslationAvailable() {
  return useQuery({
    queryKey: feedbackKeys.translation,
    queryFn: async () =>
      (await apiClient.request(TranslationCapabilityResponse, { url: '/v1/translation' })).item
        .available,
    staleTime: Infinity,
  });
}

/** POST /v1/translation. */
export async function translateText(text: string, targetLang: Lang): Promise<string> {
  return (
    await apiClient.request(TranslationResponse, {
      method: 'post',
      url: '/v1/translation',
      data: { text, targetLang },
    })
  ).item.text;
}

/** POST /v1/violation: the report payload. */
export async function reportViolation(body: {
  content: string;
  id: string;
  type: 'feedback' | 'output' | 'comment';
  userId: string;
}) {
  const now = Date.now();
  return (
    await apiClient.request(ViolationResponse, {
      method: 'post',
      url: '/v1/violation',
      data: { ...body, createdAt: now, updatedAt: now },
    })
  ).item;
}

/** GET /v1/outputs/recommend: the output to show after `current` in a sequencing mode, or null. */
export async function recommendNext(
  mode: SequenceMode,
  sessionId: string,
  current: string | null,
): Promise<string | null> {
  const { item } = await apiClient.request(RecommendResponse, {
    url: '/v1/outputs/recommend',
    params: { mode, sessionId, ...(current ? { current } : {}) },
  });
  return item?.id ?? null;
}
