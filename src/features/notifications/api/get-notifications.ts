import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationsResponse, type NotificationKind } from '@/contracts/api/notifications';
import { apiClient } from '@/lib/api-client';

/** Every notifications list. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
const notificationsKey = (kind: NotificationKind) => [...NOTIFICATIONS_KEY, kind] as const;

/** GET /v1/notifications/{me|all|projectFeedbackAll}: the signed-in user's own, newest first. */
export const notificationsQuery = (kind: NotificationKind) =>
  queryOptions({
    queryKey: notificationsKey(kind),
    queryFn: async () =>
      (await apiClient.request(NotificationsResponse, { url: `/v1/notifications/${kind}` })).items,
    staleTime: 60_000,
  });

export function useNotifications(kind: NotificationKind, enabled = true) {
  return useQuery({ ...notificationsQuery(kind), enabled });
}
