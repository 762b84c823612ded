import { z } from 'zod';
import { Notification } from '../entities';

/**
 * Notifications (accounts and people §7 and §9). The three lists differ only in their time rule:
 * - `me`: items older than 24 hours, not caused by the user;
 * - `all` ('latest'): the same, and only after the user's readNotificationAt;
 * - `projectFeedbackAll`: project feedback older than 24 hours and newer than the read time.
 */
export const NotificationKind = z.enum(['me', 'all', 'projectFeedbackAll']);
export type NotificationKind = z.infer<typeof NotificationKind>;
export const NotificationKindParams = z.object({ kind: NotificationKind });

/** GET /v1/notifications/me | all | projectFeedbackAll: newest first. */
export const NotificationsResponse = z.object({ items: z.array(Notification) });
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
