export { NotificationPopup } from './notification-popup';
export type { NotificationPopupProps } from './notification-popup';
export { notificationsQuery, useNotifications } from './api/get-notifications';
