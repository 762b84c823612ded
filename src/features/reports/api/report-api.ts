import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ReportFeedbacksResponse,
  ReportGroupsResponse,
  ReportMembersResponse,
  ReportRefreshResponse,
  ReportSessionResponse,
  ReportSessionsResponse,
  ReportStatusResponse,
} from '@/contracts/api/reports';
import { apiClient } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';

const enc = encodeURIComponent;

const reportKeys = {
  all: ['report'] as const,
  groups: ['report', 'groups'] as const,
  status: ['report', 'status'] as const,
  sessions: (groupId: string) => ['report', 'group', groupId, 'sessions'] as const,
  session: (groupId: string, sessionId: string) =>
    ['report', 'group', groupId, 'session', sessionId] as const,
  members: (groupId: string) => ['report', 'group', groupId, 'members'] as const,
  feedbacks: (params: Record<string, string>) => ['report', 'feedbacks', params] as const,
};

/** A 403 or 404 is final (page-not-found), not worth the usual retries. */
const noRetryOnRefusal = (count: number, error: unknown) =>
  count < 3 && !(error instanceof ApiError && [401, 403, 404].includes(error.status));

export function useReportGroups() {
  return useQuery({
    queryKey: reportKeys.groups,
    queryFn: async () =>
      (await apiClient.request(ReportGroupsResponse, { url: '/v1/report/groups' })).items,
    retry: noRetryOnRefusal,
  });
}

export function useReportStatus() {
  return useQuery({
    queryKey: reportKeys.status,
    queryFn: () => apiClient.request(ReportStatusResponse, { url: '/v1/report/status' }),
    retry: noRetryOnRefusal,
  });
}

export function useReportSessions(groupId: string) {
  return useQuery({
    queryKey: reportKeys.sessions(groupId),
    queryFn: () =>
      apiClient.request(ReportSessionsResponse, {
        url: `/v1/report/group/${enc(groupId)}/sessions`,
      }),
    retry: noRetryOnRefusal,
  });
}

export function useReportSession(groupId: string, sessionId: string) {
  return useQuery({
    queryKey: reportKeys.session(groupId, sessionId),
    queryFn: () =>
      apiClient.request(ReportSessionResponse, {
        url: `/v1/report/group/${enc(groupId)}/session/${enc(sessionId)}`,
      }),
    retry: noRetryOnRefusal,
  });
}

export function useReportMembers(groupId: string) {
  return useQuery({
    queryKey: reportKeys.members(groupId),
    queryFn: () =>
      apiClient.request(ReportMembersResponse, {
        url: `/v1/report/group/${enc(groupId)}/members`,
      }),
    retry: noRetryOnRefusal,
  });
}

/** GET /v1/report/feedbacks with zero, start, end (the feedback-zero view). */
export function useReportFeedbacks(params: Record<string, string>, enabled = true) {
  return useQuery({
    queryKey: reportKeys.feedbacks(params),
    queryFn: () =>
      apiClient.request(ReportFeedbacksResponse, { url: '/v1/report/feedbacks', params }),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/**
 * POST /v1/report/refresh ("update now", staff roles): rebuilds the aggregates, then reloads every
 * report. Limited per staff user and per `groupId` (429 with Retry-After: handed back at once).
 */
export function useRefreshReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) =>
      apiClient.request(ReportRefreshResponse, {
        method: 'post',
        url: '/v1/report/refresh',
        data: { groupId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/**
 * Downloads a CSV route with the caller's token (a plain link would not carry it) and saves it
 * under `fileName`.
 */
export async function downloadCsv(url: string, fileName: string, params?: Record<string, string>) {
  const blob = await apiClient.request(z.instanceof(Blob), { url, params, responseType: 'blob' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
